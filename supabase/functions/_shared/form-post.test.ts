import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.ts';
import {
  classLinkTokenOf,
  formFields,
  isFormPost,
  MAX_LOCATION,
  notSentLocation,
  pageQueryOf,
  sentLocation,
  siteOf,
  wantsJson,
  withPageAddress,
} from './form-post.ts';

const SITE = 'https://classpulse.example.edu';

describe('a form posted without JavaScript', () => {
  it('is told apart by its content type, charset or not', () => {
    expect(isFormPost('application/x-www-form-urlencoded')).toBe(true);
    expect(isFormPost('Application/X-WWW-Form-Urlencoded; charset=UTF-8')).toBe(true);
    expect(isFormPost('application/json')).toBe(false);
    expect(isFormPost('multipart/form-data; boundary=x')).toBe(false);
    expect(isFormPost(undefined)).toBe(false);
  });

  it("becomes the JSON path's object: numbers for the ranges, no empty course or session", () => {
    expect(formFields('mindAfterSession=a+b&clarityRating=5&confidenceLevel=55&pace=&courseId=&sessionId=')).toEqual({
      mindAfterSession: 'a b',
      clarityRating: 5,
      confidenceLevel: 55,
      pace: '',
    });
    // Not a number: left as text for the schema to refuse with its own message.
    expect(formFields('clarityRating=seven').clarityRating).toBe('seven');
    // The topics' ratings are numbers too; an empty one (or note) is none.
    expect(formFields(`followUpNoteId=${'a'.repeat(8)}&followUpAddressed=6&followUpControl=3`)).toEqual({
      followUpNoteId: 'aaaaaaaa',
      followUpAddressed: 6,
      followUpControl: 3,
    });
    expect(formFields(`followUpNoteId=${'a'.repeat(8)}&followUpAddressed=&followUpControl=2`)).toEqual({
      followUpNoteId: 'aaaaaaaa',
      followUpControl: 2,
    });
    expect(formFields('followUpNoteId=&followUpAddressed=&followUpControl=')).toEqual({});
  });

  it('refuses a field given twice', () => {
    expect(() => formFields('topic=a&topic=b')).toThrow(HttpError);
    expect(() => formFields('topic=a&topic=b')).toThrow('A field was sent twice: "topic"');
  });

  it('is answered only on the site it came from', () => {
    const headers = (init: Record<string, string>) => new Headers(init);
    expect(siteOf(headers({ origin: SITE }), [])).toBe(SITE);
    expect(siteOf(headers({ origin: SITE }), [`${SITE}/`])).toBe(SITE);
    expect(siteOf(headers({ origin: 'https://elsewhere.example' }), [SITE])).toBeUndefined();
    expect(siteOf(headers({ referer: `${SITE}/submit?courseId=x` }), [SITE])).toBe(SITE);
    expect(siteOf(headers({ origin: 'null' }), [])).toBeUndefined();
    expect(siteOf(headers({ origin: 'javascript:alert(1)' }), [])).toBeUndefined();
    expect(siteOf(headers({}), [])).toBeUndefined();
  });

  it("takes the course and session from its own page's address, and only from there", () => {
    const page = pageQueryOf(`${SITE}/class-session?courseId=c1&sessionId=s1&other=x`, SITE, 'session');
    expect(page.toString()).toBe('courseId=c1&sessionId=s1');
    expect(pageQueryOf(`${SITE}/submit?courseId=c1`, SITE, 'session').size).toBe(0);
    expect(pageQueryOf(`https://elsewhere.example/class-session?courseId=c1`, SITE, 'session').size).toBe(0);
    expect(pageQueryOf(null, SITE, 'quick').size).toBe(0);
    // What the form holds wins over the address.
    expect(withPageAddress({ courseId: 'form' }, new URLSearchParams('courseId=page&sessionId=s'))).toEqual({
      courseId: 'form',
      sessionId: 's',
    });
  });

  it("finds a class link's token in the Referer of Session Feedback posted from the link's own page, on the site only", () => {
    const token = 'A'.repeat(32);
    expect(classLinkTokenOf(`${SITE}/class/${token}`, SITE)).toBe(token);
    expect(classLinkTokenOf(`${SITE}/class/${token}/`, SITE)).toBe(token);
    expect(classLinkTokenOf(`https://elsewhere.example/class/${token}`, SITE)).toBeUndefined();
    expect(classLinkTokenOf(`${SITE}/class/short`, SITE)).toBeUndefined();
    expect(classLinkTokenOf(`${SITE}/class-session?courseId=x`, SITE)).toBeUndefined();
    expect(classLinkTokenOf('not a url', SITE)).toBeUndefined();
    expect(classLinkTokenOf(null, SITE)).toBeUndefined();
  });

  it('sends the student to the confirmation with the edit token in the fragment only', () => {
    const location = sentLocation(SITE, 'quick', new URLSearchParams('courseId=c1'), 'id.secret');
    expect(location).toBe(`${SITE}/submit/sent?courseId=c1#token=id.secret`);
    expect(new URL(location).search).not.toContain('secret');
  });

  it('sends a refusal back with the messages by field and what was typed, while it fits a header', () => {
    const refusal = { error: 'Please enter a topic', code: 'invalid_input', fields: { topic: 'Please enter a topic' } };
    const location = notSentLocation(SITE, 'quick', new URLSearchParams(), refusal, { topic: '', confusion: 'héllo wörld' });
    const url = new URL(location);
    expect(url.pathname).toBe('/submit/not-sent');
    const fragment = new URLSearchParams(url.hash.slice(1));
    expect(fragment.get('error')).toBe('Please enter a topic');
    expect(fragment.get('e.topic')).toBe('Please enter a topic');
    expect(fragment.get('v.confusion')).toBe('héllo wörld');

    const long = notSentLocation(SITE, 'session', new URLSearchParams(), refusal, { unclearParts: 'ü'.repeat(2000) });
    expect(long.length).toBeLessThanOrEqual(MAX_LOCATION);
    expect(new URLSearchParams(new URL(long).hash.slice(1)).get('e.topic')).toBe('Please enter a topic');
    expect(new URLSearchParams(new URL(long).hash.slice(1)).has('v.unclearParts')).toBe(false);
  });

  it('keeps every refusal within a header, whatever was sent', () => {
    const huge = 'long text '.repeat(4704);
    const refusal = { error: `Unknown field: "${huge}"`, code: 'unknown_field', fields: { [huge]: huge } };
    const location = notSentLocation(SITE, 'quick', new URLSearchParams(), refusal, { [huge]: '' });
    expect(location.length).toBeLessThanOrEqual(MAX_LOCATION);
    const fragment = new URLSearchParams(new URL(location).hash.slice(1));
    expect(fragment.get('code')).toBe('unknown_field');
    expect(fragment.get('error')).toMatch(/^Unknown field: "long text/);
  });

  it('takes only ids from the page address, never a long value', () => {
    const referer = `${SITE}/submit?courseId=${'x'.repeat(5000)}&sessionId=s1`;
    expect(pageQueryOf(referer, SITE, 'quick').toString()).toBe('sessionId=s1');
  });

  it('quotes a field sent twice by a short name', () => {
    expect(() => formFields(`${'n'.repeat(500)}=1&${'n'.repeat(500)}=2`)).toThrow(`A field was sent twice: "${'n'.repeat(40)}…"`);
  });

  it('answers JSON to a caller that asks for it, a page to a browser', () => {
    expect(wantsJson('application/json')).toBe(true);
    expect(wantsJson('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(false);
    expect(wantsJson(null)).toBe(false);
  });
});
