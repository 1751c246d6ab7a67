import { render, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { noScriptCheckCommands } from './noScriptCheck';

/** Each order's branch: its regular expression's order, and its markup as the SSI value holds it. */
function branches(commands: string) {
  const pattern =
    /<!--# (?:if|elif) expr='\$classpulse_form = \/\^\(\[0-9a-f-\]\+\)\\\|([a-z-]+)\\\|.*?\/' --><!--# set var="classpulse_markup" value='((?:\\.|[^'\\])*)' -->/g;
  return [...commands.matchAll(pattern)].map(([, order, value]) => ({ order, value: value! }));
}

/** What nginx writes for a branch: the captures of the function's line in place, the value's escapes undone. */
function written(value: string, captures: string[]) {
  return value.replace(/\$\{([1-4])\}|\\(.)/g, (_, n: string | undefined, escaped: string | undefined) =>
    n ? captures[Number(n) - 1]! : escaped!,
  );
}

describe('the check questions for a browser without JavaScript', () => {
  const commands = noScriptCheckCommands();

  it("read the page from the host's internal location unless the page read it already, then write one order's markup", () => {
    expect(commands).toContain('<!--# include virtual="/_classpulse/form-page?page=$classpulse_page&$args" set="classpulse_form" -->');
    expect(commands.startsWith('<!--# if expr="$classpulse_form" --><!--# else -->')).toBe(true);
    expect(branches(commands).map(({ order }) => order)).toEqual(['addressed-first', 'control-first', 'only']);
    expect(commands.endsWith('<!--# endif -->')).toBe(true);
  });

  it("are the form's own questions, in the order the line names, with its texts as they came (escaped by the function)", () => {
    const [addressedFirst, controlFirst, only] = branches(commands);
    const line = ['9a8b7c6d-5e4f-4321-8765-0fedcba98765', 'the base case', 'the &lt;call&gt; stack', 'We redid &#36;1 &amp; more'];
    const { container } = render(<form aria-label="Feedback" />);
    const form = container.querySelector('form')!;

    form.innerHTML = written(controlFirst!.value, line);
    const legends = within(form)
      .getAllByRole('group')
      .map((group) => group.querySelector('legend')!.textContent);
    expect(legends).toEqual(['How clear is the <call> stack to you now? (optional)', 'How clear is the base case to you now? (optional)']);
    expect(within(form).getByText('We redid $1 & more')).toBeTruthy();
    expect(new FormData(form).get('followUpNoteId')).toBe(line[0]);
    expect([...form.querySelectorAll('fieldset')].map((f) => f.querySelector('input[type=radio]')!.getAttribute('name'))).toEqual([
      'followUpControl',
      'followUpAddressed',
    ]);

    form.innerHTML = written(addressedFirst!.value, line);
    expect(screen.getAllByRole('radio', { name: '1 Still unclear' }).map((radio) => radio.getAttribute('name'))).toEqual([
      'followUpAddressed',
      'followUpControl',
    ]);

    form.innerHTML = written(only!.value, [line[0]!, line[1]!, '', line[3]!]);
    expect(within(form).getAllByRole('group')).toHaveLength(1);
    expect(form.querySelector('[name=followUpControl]')).toBeNull();
  });
});
