/**
 * Light My feedback (`/my-feedback`): the list this device remembers, drawn from templates the
 * build rendered of the app's own parts (features/my-feedback/RememberedEntry.tsx) for a stand-in
 * entry; each entry then asks for its own submission with its own token, as the app does, and is
 * drawn again with the reply or the reason it could not be read. Forget and Forget all change the
 * device's list, and the list follows it (from another tab too).
 */
import { PRERENDERED_LANGUAGE_ATTRIBUTE } from '../app/prerendered';
import { apiConfig } from '../lib/config';
import { isUuid } from '../lib/ids';
import { DATE_TIME_OPTIONS } from '../shared/localDate';
import { LIGHT, type MyFeedbackPart, REMEMBERED_MARKS, myFeedbackTemplateId } from '../shared/lightPageMarkers';
import { CHANGED, type RememberedFeedback, forgetAllFeedback, forgetFeedback, rememberedFeedback } from '../shared/rememberedFeedbackStore';
import { replaceAttributes, replaceTexts, template } from './islands';

type EntryState = Exclude<MyFeedbackPart, 'empty' | 'list'>;
interface Answer {
  state: EntryState;
  reply?: string;
}

const slot = (root: HTMLElement) => root.querySelector<HTMLElement>(`[${LIGHT.myFeedback}]`);

export const isMyFeedbackPage = (root: HTMLElement) => slot(root) !== null;

/**
 * The façade's read of a student's own submission (shared/api/get-own-submission.ts), with the
 * same request: `GET submissions/{id}` with the token as `x-edit-token`. A token that names no
 * submission is "removed" without asking, as there.
 */
async function readOwn(token: string): Promise<Answer> {
  const id = token.split('.')[0] ?? '';
  if (!isUuid(id)) return { state: 'removed' };
  try {
    const response = await fetch(`${apiConfig.supabaseUrl}/functions/v1/submissions/${id}`, {
      headers: { apikey: apiConfig.supabaseAnonKey, authorization: `Bearer ${apiConfig.supabaseAnonKey}`, 'x-edit-token': token },
    });
    if (response.status === 404) return { state: 'removed' };
    if (!response.ok) return { state: 'unreachable' };
    const submission = (await response.json()) as { reply?: { body?: unknown } | null } | null;
    const reply = submission?.reply?.body;
    return typeof reply === 'string' && reply ? { state: 'reply', reply } : { state: 'plain' };
  } catch {
    return { state: 'unreachable' };
  }
}

export function setUpMyFeedback(root: HTMLElement, { signal }: { signal: AbortSignal }) {
  const answers = new Map<string, Answer>();
  let entries: RememberedFeedback[] = [];

  const part = (name: MyFeedbackPart, language: string) =>
    template(myFeedbackTemplateId(name, language)).content.cloneNode(true) as DocumentFragment;

  function entryContent(entry: RememberedFeedback, language: string, courseLabel: string): DocumentFragment {
    const answer = answers.get(entry.token);
    const content = part(answer?.state ?? 'plain', language);
    if (!entry.excerpt) content.querySelector(`[${LIGHT.excerpt}]`)?.remove();
    const marks: [string, string][] = [
      [REMEMBERED_MARKS.course, entry.courseCode ? `${entry.courseCode} · ${entry.courseName}` : courseLabel],
      [REMEMBERED_MARKS.sentAt, new Intl.DateTimeFormat(language, DATE_TIME_OPTIONS).format(new Date(entry.sentAt))],
      [REMEMBERED_MARKS.excerpt, entry.excerpt],
      [REMEMBERED_MARKS.reply, answer?.reply ?? ''],
    ];
    replaceTexts(content, marks);
    for (const element of content.children) replaceAttributes(element, [[REMEMBERED_MARKS.token, entry.token]]);
    return content;
  }

  function draw() {
    const target = slot(root);
    const language = root.getAttribute(PRERENDERED_LANGUAGE_ATTRIBUTE);
    if (!target || !language) return;
    entries = rememberedFeedback();
    if (entries.length === 0) {
      target.replaceChildren(part('empty', language));
      return;
    }
    const courseLabel = target.getAttribute(LIGHT.myFeedback) ?? '';
    const list = part('list', language);
    const items = list.querySelector('ul');
    const standIn = items?.querySelector('li');
    if (!items || !standIn) throw new Error('the My feedback list template has no entry');
    items.replaceChildren(
      ...entries.map((entry) => {
        const item = standIn.cloneNode(false) as HTMLElement;
        item.append(entryContent(entry, language, courseLabel));
        return item;
      }),
    );
    target.replaceChildren(list);
  }

  /** Each entry not asked about yet asks once; its answer draws the list again. */
  function askEach() {
    for (const { token } of entries) {
      if (answers.has(token)) continue;
      answers.set(token, { state: 'plain' });
      void readOwn(token).then((answer) => {
        answers.set(token, answer);
        draw();
      });
    }
  }

  document.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest(`[${LIGHT.forget}]`) : null;
      if (!button || !slot(root)?.contains(button)) return;
      if (button.getAttribute(LIGHT.forget) === 'all') return forgetAllFeedback();
      const item = button.closest('li');
      const index = item ? [...(item.parentElement?.children ?? [])].indexOf(item) : -1;
      const entry = entries[index];
      if (entry) forgetFeedback(entry.token);
    },
    { signal },
  );
  const changed = () => {
    draw();
    askEach();
  };
  // This tab's change arrives as the store's own event; another tab's as a storage event.
  window.addEventListener(CHANGED, changed, { signal });
  window.addEventListener('storage', changed, { signal });

  changed();
  return draw;
}
