import { describe, expect, it } from 'vitest';
import { asSsiValue, ssiChoice } from './ssi';

describe('SSI commands as the build writes them', () => {
  it('keep quotes, backslashes and dollars as text inside a value, and never end its command', () => {
    expect(asSsiValue(`<p class="a'b">\\ costs $5, \${2}</p>`)).toBe(`<p class="a\\'b">\\\\ costs \\$5, \${2}</p>`);
    expect(() => asSsiValue('<p>--></p>')).toThrow('-->');
  });

  it("read the host's location with the page's path and query once, then write the first branch that matches", () => {
    const branches = [
      { pattern: '^a\\|(.*)', markup: '<b>${1}</b>' },
      { pattern: '^b', markup: '<i>b</i>' },
    ];
    expect(ssiChoice({ variable: 'v', read: { location: '/_x' }, branches })).toBe(
      '<!--# include virtual="/_x?page=$classpulse_page&$args" set="v" -->' +
        `<!--# if expr='$v = /^a\\|(.*)/' --><!--# set var="v_markup" value='<b>\${1}</b>' --><!--# echo var="v_markup" encoding="none" -->` +
        `<!--# elif expr='$v = /^b/' --><!--# set var="v_markup" value='<i>b</i>' --><!--# echo var="v_markup" encoding="none" -->` +
        '<!--# endif -->',
    );
    expect(ssiChoice({ variable: 'v', branches }).startsWith("<!--# if expr='$v")).toBe(true);
  });
});
