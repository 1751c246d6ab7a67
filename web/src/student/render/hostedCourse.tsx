// A course page's first screen as the host writes it into the page (docs/decisions/course-page.md,
// "The first screen from the host"): the course page's own summary (its heading and its two cards,
// pages/course/CourseView.tsx) rendered at build time once for each state of a course, with
// placeholders for its texts, inside nginx SSI commands (./ssi.ts). The host asks the submissions
// function for the page (GET /submissions/form-page?page=/courses/<id>: one line,
// supabase/functions/_shared/course-page.ts) and writes the markup of the course's state with the
// line's texts in place, in the page's column, a screen tall: the notes and the recent feedback come
// with the page's script, below it, and the footer stays below the fold until they do.
//
// The states' markup is a file of SSI commands for each language (hostedCourseFile, written by the
// build beside the pages), which course.html includes after its read of the line: a host without
// SSI, and the service worker's copy of the page, get those two comments, not the six states'
// markup. The read is the page's own, not the included file's: a variable set in an include is not
// seen by the next one (the other language's copy).
import { renderToString } from 'preact-render-to-string';
import { feedbackPath } from '../pages/course/classDay';
import { CourseFrame, CourseSummary } from '../pages/course/CourseView';
import { type SsiBranch, ssiBranches, ssiRead } from './ssi';

/** Stands for the line's n-th capture in what the build renders: `${n}` in the SSI value. */
const slot = (n: number) => `xcpslot${n}x`;
const withCaptures = (markup: string) => markup.replace(/xcpslot([1-9])x/g, '${$1}');

// The line's fields (course-page.ts): ended|today|id|code|section|name|day.
const ID = '([0-9a-f-]+)';
const TEXT = '([^|]+)';
const DAY = '([0-9]{4}-[0-9]{2}-[0-9]{2})?';

interface CourseState {
  ended: boolean;
  /** A class day: the page links to its form. */
  today: boolean;
  section: boolean;
}

/** Every state the line can name: an ended course has no class day. */
const STATES: CourseState[] = [
  { ended: false, today: true },
  { ended: false, today: false },
  { ended: true, today: false },
].flatMap((state) => [true, false].map((section) => ({ ...state, section })));

function branch({ ended, today, section }: CourseState): SsiBranch {
  // Captures: 1 the id, 2 the code, then the section where there is one, the name and the day.
  const [name, day] = section ? [4, 5] : [3, 4];
  const pattern = `^${ended ? 1 : 0}\\|${today ? 1 : 0}\\|${ID}\\|${TEXT}\\|${section ? TEXT : ''}\\|${TEXT}\\|${DAY}`;
  const markup = renderToString(
    <CourseFrame screenTall>
      <CourseSummary
        course={{ code: slot(2), section: section ? slot(3) : null, name: slot(name), endedAt: ended ? 'ended' : null }}
        counts={undefined}
        isClassDayToday={today}
        path={today ? feedbackPath(slot(1), slot(day)) : undefined}
      />
    </CourseFrame>,
  );
  return { pattern, markup: withCaptures(markup) };
}

/** A language's file: the markup of the course's state in the language being rendered, if the page's line names one. */
export const hostedCourseCommands = (): string => ssiBranches(STATES.map(branch));

/** Where the build writes a language's commands, under the site's root (an internal location of bench/nginx-site.conf). */
export const hostedCourseFile = (language: string) => `_ssi/course-screen.${language}.html`;

/** What course.html holds in a language's copy: the page's read of the line, then that language's file. */
export const hostedCourseInclude = (language: string) => `${ssiRead()}<!--# include virtual="/${hostedCourseFile(language)}" -->`;
