import { describe, expect, it } from 'vitest';
import { escapeForPage, formCheckLine, formCheckOrder, formCheckPlace } from './form-check.ts';

const COURSE = '0b8f3c2e-4d6a-4f1e-9a7b-2c5d8e1f3a90';
const query = (text: string) => new URLSearchParams(text);

describe('formCheckPlace', () => {
  it('takes Submit Feedback and Session Feedback by their course and session, the class day when none', () => {
    expect(formCheckPlace('/submit', query(`courseId=${COURSE}`))).toEqual({ courseId: COURSE, session: '' });
    expect(formCheckPlace('/class-session/', query(`courseId=${COURSE}&sessionId=2026-11-29`))).toEqual({
      courseId: COURSE,
      session: '2026-11-29',
    });
  });

  it('takes a class link by its token', () => {
    expect(formCheckPlace('/class/AbCdEfGhIjKlMnOpQrStUv12', query(''))).toEqual({ classToken: 'AbCdEfGhIjKlMnOpQrStUv12' });
  });

  it('asks nothing for another page, a page without a course, or an address that is no id', () => {
    expect(formCheckPlace('/track/AbCdEfGhIjKlMnOpQrStUv12', query(`courseId=${COURSE}`))).toBeUndefined();
    expect(formCheckPlace('/submit', query(''))).toBeUndefined();
    expect(formCheckPlace('/submit', query('courseId=1 or 1=1'))).toBeUndefined();
    expect(formCheckPlace('/class/short', query(''))).toBeUndefined();
    expect(formCheckPlace('/submit', query(`courseId=${COURSE}&sessionId=${'x'.repeat(65)}`))).toBeUndefined();
  });
});

describe('formCheckLine', () => {
  const check = { noteId: 'n-1', body: 'We went over it\nagain | slower', addressedTopic: 'the <base> case', controlTopic: "O'Brien's $x" };

  it('is one line of fields split by |, no text carrying markup, a quote, a $ or a |', () => {
    expect(formCheckLine(check, 'control-first')).toBe(
      'n-1|control-first|the &lt;base&gt; case|O&#39;Brien&#39;s &#36;x|We went over it\nagain &#124; slower',
    );
    expect(escapeForPage('a&b "c" \\d ~e')).toBe('a&amp;b &quot;c&quot; &#92;d &#126;e');
  });

  it('is empty when nothing is asked, and asks one topic without a control', () => {
    expect(formCheckLine(null, 'only')).toBe('');
    expect(formCheckLine({ ...check, controlTopic: null }, formCheckOrder({ ...check, controlTopic: null }))).toBe(
      'n-1|only|the &lt;base&gt; case||We went over it\nagain &#124; slower',
    );
  });

  it('draws the order for each page served', () => {
    expect(formCheckOrder(check, () => 0.2)).toBe('addressed-first');
    expect(formCheckOrder(check, () => 0.7)).toBe('control-first');
  });
});
