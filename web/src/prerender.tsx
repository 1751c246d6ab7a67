// Build-time entry (web/scripts/prerender.ts): renders a page's first screen to HTML with the app's
// own providers, routes and components, the way the browser's first render draws it (no data yet).
import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { MemoryRouter, StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nextProvider } from 'react-i18next';
import { AppProviders } from './app/providers';
import { classPulseSystem } from './app/theme';
import { createQueryClient } from './app/queryClient';
import { routes } from './app/router';
import { applyLanguage, i18n } from './i18n/i18n';
import type { Language } from './i18n/languages';
import {
  COURSE_MARKS,
  type CourseDay,
  type CourseShellRender,
  TIMELINE_MARKS,
  type TimelineIsland,
  standInFeedbackPath,
  standInTimeline,
} from './prerender-course';
import { TimelineBody } from './features/courses/CourseTimeline';
import { CourseNotFound, SearchResults } from './features/courses/SearchResults';
import { NothingRemembered, RememberedEntry, RememberedList } from './features/my-feedback/RememberedEntry';
import { CLASS_SESSION_MARKS, type ClassSessionPart, type MyFeedbackPart, REMEMBERED_MARKS } from './shared/lightPageMarkers';
import { CourseTitle } from './shared/ui/CourseTitle';
import { PeerConfusionList } from './features/class-session/components/PeerConfusion';
import { TODAY_NOTE } from './features/class-session/sessionNote';
import { FIGURES_TEXT } from './shared/followUpFigures';
import { LIGHT_TOAST_MARK, LIGHT_TOASTS, type LightToastName } from './shared/lightToasts';
import { ToastTemplate } from './shared/ui/ToastTemplate';
import { ClockContext } from './shared/clock';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryKeys } from './lib/queryKeys';
import TrackedSubmission, { SubmissionNotFound } from './features/submit/TrackedSubmission';
import { NotifyOnReplyView } from './shared/ui/NotifyOnReply';
import type { OwnSessionSubmission, OwnSubmission } from './shared/api/get-own-submission';
import { EMPTY_SESSION_CONTENT } from './shared/forms/SessionForm';
import { TRACK_MARKS, type TrackPart, USER_STORY_MARKS, USER_STORY_STATUS_NAMES, type UserStoryPart } from './shared/lightPageMarkers';
import { NoStoriesYet, StoryList } from './features/user-stories/UserStoriesPage';
import { StoryCard } from './features/user-stories/components/StoryCard';
import { UpvoteButton } from './features/user-stories/components/UpvoteButton';
import type { UserStory } from './features/user-stories/api/get-user-stories';
import { STORY_STATUSES } from './features/user-stories/status';
import { LightPageContext } from './shared/lightPage';
import { FIELD_LABELS, NotSent, Sent } from './features/form-post/FormPostOutcomePage';
import type { FormPage, FormPostOutcome } from './features/form-post/outcome';
import { NOT_SENT_MARKS, type FormPostPart, type NotSentPart, type NotSentTexts } from './shared/lightPageMarkers';
import { ApiError } from './lib/errors';
import { MESSAGES } from './lib/serverMessages';
import serverCatalog from './locales/es/server.json';
import { DEFAULT_LANGUAGE } from './i18n/languages';

export { COURSE_DAYS, COURSE_MARKS, TIMELINE_ISLANDS, TIMELINE_MARKS, coursePageRequests, courseShell } from './prerender-course';

/** A page as its first render draws it; the course page's file gives it data and a day (prerender-course.ts). */
export async function renderPage(url: string, language: Language, given?: Omit<CourseShellRender, 'url'>, light = false): Promise<string> {
  await applyLanguage(language);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${url} answers ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders queryClient={given?.queryClient ?? createQueryClient()} toaster={false}>
        <ClockContext.Provider value={given?.now ?? (() => new Date())}>
          <LightPageContext.Provider value={light}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </LightPageContext.Provider>
        </ClockContext.Provider>
      </AppProviders>
    </StrictMode>,
  );
  return new Response(prelude).text();
}

/** A part of a page for a light page's template (web/src/student/), in a language, with its styles. */
async function renderIsland(island: ReactNode, language: Language): Promise<string> {
  await applyLanguage(language);
  // Only the design system and the language: no toaster region, and none of the page around it.
  const { prelude } = await prerender(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ChakraProvider value={classPulseSystem()}>
          <LightPageContext.Provider value={true}>
            <MemoryRouter>{island}</MemoryRouter>
          </LightPageContext.Provider>
        </ChakraProvider>
      </I18nextProvider>
    </StrictMode>,
  );
  // The page it is drawn into has the global styles (the design's variables) already.
  return (await new Response(prelude).text()).replace(/<style data-emotion="css-global[^"]*">.*?<\/style>/gs, '');
}

/** A light course page's template of its timeline in one state, with the stand-in's marks (web/src/student/course.ts). */
export async function renderTimelineIsland(island: TimelineIsland, language: Language): Promise<string> {
  const day: CourseDay = island === 'empty-weekend' ? 'weekend' : 'weekday';
  return renderIsland(
    <TimelineBody timeline={standInTimeline(island)} classDay={day === 'weekday'} feedbackPath={standInFeedbackPath(day)} />,
    language,
  );
}

/** Course search's results for the stand-in course (web/src/student/courseSearch.ts). */
export async function renderSearchResultsIsland(language: Language): Promise<string> {
  const { id, code, name, section, term, instructors } = COURSE_MARKS;
  return renderIsland(<SearchResults courses={[{ id, code, name, section, term, endedAt: null, instructors: [instructors] }]} />, language);
}

/** Course search's "Course Not Found" card (web/src/student/courseSearch.ts). */
export async function renderCourseNotFoundIsland(language: Language): Promise<string> {
  return renderIsland(<CourseNotFound />, language);
}

/** A part of My feedback for the stand-in entry (web/src/student/myFeedback.ts). */
export async function renderMyFeedbackIsland(part: MyFeedbackPart, language: Language): Promise<string> {
  const { course, sentAt, excerpt, token, reply } = REMEMBERED_MARKS;
  const entry = (
    <RememberedEntry
      course={course}
      sentAt={sentAt}
      excerpt={excerpt}
      token={token}
      reply={part === 'reply' ? reply : undefined}
      problem={part === 'removed' || part === 'unreachable' ? part : undefined}
    />
  );
  if (part === 'empty') return renderIsland(<NothingRemembered />, language);
  if (part === 'list')
    return renderIsland(
      <RememberedList>
        <li>{entry}</li>
      </RememberedList>,
      language,
    );
  return renderIsland(entry, language);
}

/** A toast a light page shows itself, its value as LIGHT_TOAST_MARK (web/src/student/toast.ts). */
export async function renderToastIsland(name: LightToastName, language: Language): Promise<string> {
  await applyLanguage(language);
  const { type, title, description } = LIGHT_TOASTS[name];
  return renderIsland(
    <ToastTemplate type={type} title={i18n.t(title)} description={i18n.t(description, { code: LIGHT_TOAST_MARK })} />,
    language,
  );
}

/** The course page's counts in a language: one submission, and `TIMELINE_MARKS.count` for any other number. */
export async function courseCountTexts(
  language: Language,
): Promise<{ one: string; other: string; week: string; section: string; figures: string }> {
  await applyLanguage(language);
  const n = TIMELINE_MARKS.count;
  return {
    one: i18n.t('{{n}} submission', { n: 1 }),
    other: i18n.t('{{n}} submissions', { n }),
    week: i18n.t('{{n}} this week', { n }),
    section: i18n.t('Section'),
    // A note's "Clarity before: … · after: …" with its four values' places named (course-page/draw.ts fills them).
    figures: i18n.t(FIGURES_TEXT, { before: '{{before}}', beforeN: '{{beforeN}}', after: '{{after}}', afterN: '{{afterN}}' }),
  };
}

/** A part of Session Feedback for the stand-in course or texts (web/src/student/classSession.ts). */
export async function renderClassSessionIsland(part: ClassSessionPart, language: Language): Promise<string> {
  const { code, name, text, count } = CLASS_SESSION_MARKS;
  if (part === 'course') return renderIsland(<CourseTitle code={code} name={name} />, language);
  // A text of each kind: one this device has not said "me too" to, and one it has.
  const texts =
    part === 'peer-texts' ? [false, true].map((meToo) => ({ id: `stand-in-${meToo}`, text, meToos: count, meToo, own: false })) : [];
  return renderIsland(<PeerConfusionList items={texts} />, language);
}

/** Session Feedback's texts with values in a language: the session's note, and a text's "me too" count. */
export async function classSessionTexts(language: Language): Promise<Record<string, string>> {
  await applyLanguage(language);
  const { date, time, count } = CLASS_SESSION_MARKS;
  return {
    today: i18n.t(TODAY_NOTE),
    day: i18n.t('Session date: {{date}} - Link expires at end of day (11:59 PM)', { date }),
    session: i18n.t('Session date: {{date}} - Link expires at {{time}}', { date, time }),
    one: i18n.t('1 classmate said "me too"'),
    other: i18n.t('{{n}} classmates said "me too"', { n: count }),
  };
}

/** The stand-in's course id, as the submission's (any id: the templates show the course by its marks). */
const TRACK_COURSE_ID = '00000000-0000-4000-8000-000000000001';

/** The stand-in submission of a variant: its texts and choices are the light script's to fill in; its sliders' values are the form's defaults. */
function standInSubmission(kind: OwnSubmission['kind'], open: boolean): OwnSubmission {
  const base = {
    id: TRACK_MARKS.id,
    courseId: TRACK_COURSE_ID,
    sessionId: '2026-01-01',
    open,
    expiresAt: '2026-01-02T00:00:00Z',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    reply: { body: TRACK_MARKS.reply, updatedAt: '2026-01-01T00:00:00Z' },
    notify: false,
  };
  return kind === 'quick'
    ? { ...base, kind, topic: '', confusion: '', difficultyLevel: 'slightly' }
    : { ...base, kind, ...(EMPTY_SESSION_CONTENT as unknown as Omit<OwnSessionSubmission, keyof typeof base | 'kind'>) };
}

/** The reads of the stand-in submission and its course, answered, for the private link's templates. */
function standInReads(kind: OwnSubmission['kind'], open: boolean) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.submissions.own(TRACK_MARKS.id), standInSubmission(kind, open));
  queryClient.setQueryData(queryKeys.courses.detail(TRACK_COURSE_ID), {
    id: TRACK_COURSE_ID,
    code: TRACK_MARKS.code,
    name: TRACK_MARKS.name,
  });
  return queryClient;
}

/** A part of a private link's page (/track) for the stand-in submission (web/src/student/track.ts). */
export async function renderTrackIsland(part: TrackPart, language: Language): Promise<string> {
  if (part === 'not-found') return renderIsland(<SubmissionNotFound />, language);
  if (part.startsWith('notify-')) {
    const support = part === 'notify-unsupported' ? 'unsupported' : part === 'notify-denied' ? 'denied' : 'supported';
    return renderIsland(
      <NotifyOnReplyView support={support} checked={part === 'notify-on'} disabled={false} courseCode={TRACK_MARKS.code} />,
      language,
    );
  }
  const [kind, state] = part.split('-') as [OwnSubmission['kind'], 'open' | 'ended'];
  return renderIsland(
    <QueryClientProvider client={standInReads(kind, state === 'open')}>
      <TrackedSubmission token={`${TRACK_MARKS.id}.${TRACK_MARKS.secret}`} />
    </QueryClientProvider>,
    language,
  );
}

/** The stand-in story of the board's templates: every value a mark (the numbers too, as the card shows them as text). */
function standInStory(status: UserStory['status'], hasUpvoted = false): UserStory {
  const { id, title, description, submittedBy, votes, impact, confidence, ease, ice } = USER_STORY_MARKS;
  const number = (mark: string) => mark as unknown as number;
  return {
    id,
    title,
    description,
    submittedBy,
    status,
    impact: number(impact),
    confidence: number(confidence),
    ease: number(ease),
    iceScore: number(ice),
    upvoteCount: number(votes),
    hasUpvoted,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  };
}

/** A part of the user stories board for the stand-in story (web/src/student/userStories.ts). */
export async function renderUserStoriesIsland(part: UserStoryPart, language: Language): Promise<string> {
  if (JSON.stringify(USER_STORY_STATUS_NAMES) !== JSON.stringify(STORY_STATUSES))
    throw new Error('USER_STORY_STATUS_NAMES (shared/lightPageMarkers.ts) no longer lists the statuses of STORY_STATUSES');
  const noop = () => undefined;
  if (part === 'list') return renderIsland(<StoryList />, language);
  if (part === 'empty') return renderIsland(<NoStoriesYet />, language);
  if (part === 'upvote-on' || part === 'upvote-off')
    return renderIsland(<UpvoteButton story={standInStory('submitted', part === 'upvote-on')} onVote={noop} pending={false} />, language);
  const status = part.slice('card-'.length) as UserStory['status'];
  return renderIsland(<StoryCard story={standInStory(status)} onVote={noop} votePending={false} />, language);
}

/** A form post's page when sent (web/src/student/formPost.ts): with its way back to the form, and with the stand-in's private link. */
export async function renderFormPostIsland(form: FormPage, part: FormPostPart, language: Language): Promise<string> {
  const token = `${TRACK_MARKS.id}.${TRACK_MARKS.secret}`;
  return renderIsland(
    <QueryClientProvider client={standInReads('quick', true)}>
      <Sent form={form} outcome={{ editToken: part === 'private-link' ? token : undefined, fields: {}, typed: {} }} />
    </QueryClientProvider>,
    language,
  );
}

/** A refused form post's page (web/src/student/notSent.ts): without a reason, with the stand-in's, and by the stand-in's field. */
export async function renderNotSentIsland(form: FormPage, part: NotSentPart, language: Language): Promise<string> {
  const { field, message } = NOT_SENT_MARKS;
  const outcome: FormPostOutcome = {
    fields: part === 'fields' ? { [field]: message } : {},
    typed: {},
    error: part === 'plain' ? undefined : new ApiError(400, message),
  };
  return renderIsland(<NotSent form={form} outcome={outcome} />, language);
}

/** What a light "not sent" page says a refusal with, in a language. */
export async function notSentTexts(language: Language): Promise<NotSentTexts> {
  await applyLanguage(language);
  const translation = (key: string) => (i18n.getResource(language, 'translation', key) as string | undefined) ?? key;
  return {
    labels: Object.fromEntries(Object.entries(FIELD_LABELS).map(([field, label]) => [field, i18n.t(label)])),
    messages: language === DEFAULT_LANGUAGE ? {} : Object.fromEntries(Object.keys(serverCatalog).map((key) => [key, translation(key)])),
    codes: { ...MESSAGES },
    fallback: i18n.t('Failed to submit feedback'),
  };
}
