import { render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { addCatalog, setLanguage } from '../../i18n/translate';
import spanish from '../../locales/es';
import { hostedCourseCommands, hostedCourseInclude } from './hostedCourse';

afterEach(() => setLanguage('en'));

/** Each state's branch: its regular expression and its markup as the SSI value holds it. */
function branches(commands: string) {
  const pattern =
    /<!--# (?:if|elif) expr='\$classpulse_form = \/(.+?)\/' --><!--# set var="classpulse_markup" value='((?:\\.|[^'\\])*)' -->/g;
  return [...commands.matchAll(pattern)].map(([, regex, value]) => ({ regex: new RegExp(regex!), value: value! }));
}

/** What nginx writes for a line: the first branch that matches, its captures in place, the value's escapes undone. */
function written(line: string): string {
  for (const { regex, value } of branches(hostedCourseCommands())) {
    const match = regex.exec(line);
    if (match)
      return value.replace(/\$\{([1-9])\}|\\(.)/g, (_, n: string | undefined, escaped: string | undefined) =>
        n ? (match[Number(n)] ?? '') : escaped!,
      );
  }
  return '';
}

const ID = 'c0000000-0000-4000-8000-000000001337';

function hostWrites(line: string) {
  const { container } = render(<div />);
  container.innerHTML = written(line);
  return container as HTMLElement;
}

describe("The course page's first screen as the host writes it", () => {
  it("is read by the page from the host's internal location, unless the page read it already, then its language's file is included", () => {
    expect(hostedCourseInclude('es')).toBe(
      '<!--# if expr="$classpulse_form" --><!--# else --><!--# set var="classpulse_form" value="-" -->' +
        '<!--# include virtual="/_classpulse/form-page?page=$classpulse_page&$args" set="classpulse_form" --><!--# endif -->' +
        '<!--# include virtual="/_ssi/course-screen.es.html" -->',
    );
    expect(branches(hostedCourseCommands())).toHaveLength(6);
    expect(hostedCourseCommands().endsWith('<!--# endif -->')).toBe(true);
  });

  it("on a class day: the course's heading, name and texts as the function escaped them, and links to the day's form", () => {
    hostWrites(`0|1|${ID}|COSC&#124;1337|002|Intro &lt;to&gt; &#36;code|2026-11-30`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('COSC|1337 · Section 002');
    expect(screen.getByText('Intro <to> $code')).toBeInTheDocument();
    expect(screen.getByText('Active course')).toBeInTheDocument();
    const form = `/class-session?courseId=${ID}&sessionId=2026-11-30`;
    expect(screen.getByRole('link', { name: "Submit Today's Feedback" })).toHaveAttribute('href', form);
    expect(screen.getByRole('link', { name: "Give Today's Feedback" })).toHaveAttribute('href', form);
    expect(screen.getByText(/Tell your professor what confused you/)).toBeInTheDocument();
    // The counts come with the page's script: their place is held, unseen.
    expect(screen.getByText('10 submissions')).toHaveAttribute('aria-hidden', 'true');
  });

  it('without a section, on a day without class, and for an ended course', () => {
    const noClass = hostWrites(`0|0|${ID}|COSC 1337||Intro|2026-11-28`);
    expect(within(noClass).getByRole('heading', { level: 1 })).toHaveTextContent(/^COSC 1337$/);
    expect(within(noClass).getByRole('button', { name: 'No Class Today' })).toBeDisabled();
    expect(within(noClass).getByText(/No class scheduled today/)).toBeInTheDocument();
    expect(within(noClass).queryByRole('link', { name: /Feedback/ })).toBeNull();

    const ended = hostWrites(`1|0|${ID}|COSC 1337|001|Intro|`);
    expect(within(ended).getByRole('heading', { level: 1 })).toHaveTextContent('COSC 1337 · Section 001');
    expect(within(ended).getByText('Term ended')).toBeInTheDocument();
    expect(within(ended).getByRole('alert')).toHaveTextContent("This course's term has ended. It no longer takes feedback.");
    expect(within(ended).queryByRole('button', { name: 'No Class Today' })).toBeNull();
  });

  it("writes nothing for an empty line, a failed read, or an unknown course (the island's loading line stays)", () => {
    for (const line of ['', '-', '~']) expect(written(line)).toBe('');
  });

  it("is each language's copy", () => {
    addCatalog('es', spanish);
    setLanguage('es');
    hostWrites(`0|1|${ID}|COSC 1337|002|Intro|2026-11-30`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('COSC 1337 · Sección 002');
  });
});
