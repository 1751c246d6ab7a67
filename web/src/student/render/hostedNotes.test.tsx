import { render, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { hostedNotesCommands } from './hostedNotes';

/** Each count's branch: how many notes its regular expression takes, and its markup as the SSI value holds it. */
function branches(commands: string) {
  const pattern =
    /<!--# (?:if|elif) expr='\$classpulse_form = \/~(\d)((?:\\\|\(\[\^\|\]\*\))*)\/' --><!--# set var="classpulse_markup" value='((?:\\.|[^'\\])*)' -->/g;
  return [...commands.matchAll(pattern)].map(([, count, captures, value]) => ({
    count: Number(count),
    captures: captures!.split('\\|').length - 1,
    value: value!,
  }));
}

/** What nginx writes for a branch: the captures of the function's line in place, the value's escapes undone. */
const written = (value: string, captures: string[]) =>
  value.replace(/\$\{([1-3])\}|\\(.)/g, (_, n: string | undefined, escaped: string | undefined) =>
    n ? captures[Number(n) - 1]! : escaped!,
  );

describe("Session Feedback's notes as the host writes them", () => {
  it("read the page from the host's internal location, unless the page read it already", () => {
    expect(
      hostedNotesCommands().startsWith(
        '<!--# if expr="$classpulse_form" --><!--# else --><!--# set var="classpulse_form" value="-" -->' +
          '<!--# include virtual="/_classpulse/form-page?page=$classpulse_page&$args" set="classpulse_form" --><!--# endif -->',
      ),
    ).toBe(true);
    expect(hostedNotesCommands().endsWith('<!--# endif -->')).toBe(true);
  });

  it("write as many of the page's own notes as the line names, with its texts as they came (escaped by the function)", () => {
    const found = branches(hostedNotesCommands());
    expect(found.map(({ count, captures }) => [count, captures])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    const { container } = render(<ul />);
    const list = container.querySelector('ul')!;
    list.innerHTML = written(found[1]!.value, ['We redid it\nslower &#124; with &lt;code&gt;', 'O&#39;Brien&#39;s &#36;5']);
    const notes = within(list).getAllByTestId('professor-note');
    expect(notes.map((item) => item.textContent)).toEqual(['We redid it\nslower | with <code>', "O'Brien's $5"]);
    expect(notes[0]!.tagName).toBe('LI');
  });
});
