import { describe, expect, it } from 'vitest';
import { asSsiValue, ssiChoice } from './ssi';

describe('SSI commands as the build writes them', () => {
  it('keep quotes, backslashes and dollars as text inside a value, and never end its command', () => {
    expect(asSsiValue(`<p class="a'b">\\ costs $5, \${2}</p>`)).toBe(`<p class="a\\'b">\\\\ costs \\$5, \${2}</p>`);
    expect(() => asSsiValue('<p>--></p>')).toThrow('-->');
  });

  it('read the page from the host once, unless an earlier command did, then write the first branch that matches', () => {
    const commands = ssiChoice([
      { pattern: '^a\\|(.*)', markup: '<b>${1}</b>' },
      { pattern: '^b', markup: '<i>b</i>' },
    ]);
    expect(commands).toBe(
      '<!--# if expr="$classpulse_form" --><!--# else --><!--# set var="classpulse_form" value="-" -->' +
        '<!--# include virtual="/_classpulse/form-page?page=$classpulse_page&$args" set="classpulse_form" --><!--# endif -->' +
        `<!--# if expr='$classpulse_form = /^a\\|(.*)/' --><!--# set var="classpulse_markup" value='<b>\${1}</b>' -->` +
        '<!--# echo var="classpulse_markup" encoding="none" -->' +
        `<!--# elif expr='$classpulse_form = /^b/' --><!--# set var="classpulse_markup" value='<i>b</i>' -->` +
        '<!--# echo var="classpulse_markup" encoding="none" -->' +
        '<!--# endif -->',
    );
  });
});
