import { describe, expect, it } from 'vitest';
import { STUDENT_PAGES } from '../src/student/pages.ts';
import { addressOf, asServedPageOf, asServedPages, copiesCacheName, isOtherBuildsCopies, servedToday, worthKeeping } from './asServed.ts';

const page = (status: number, headers: Record<string, string>) => new Response('<!doctype html>', { status, headers });

describe('the pages kept as the host served them', () => {
  const pages = asServedPages(STUDENT_PAGES, () => true);
  const fileOf = (url: string) => asServedPageOf(url, pages)?.file;

  it('are the course page and Session Feedback (by its address and by a class link), each address its own copy', () => {
    expect(pages.map((kept) => kept.file).sort()).toEqual(['class-session.html', 'class.html', 'course.html']);
    expect(fileOf('https://classpulse.example/courses/8a1c')).toBe('course.html');
    expect(fileOf('https://classpulse.example/class/Tk4x')).toBe('class.html');
    expect(fileOf('https://classpulse.example/class-session?courseId=8a1c&sessionId=2026-11-30')).toBe('class-session.html');
    expect(fileOf('https://classpulse.example/class-session')).toBe('class-session.html');
  });

  it('are none of the other pages: a form without notes, a private link, a sent page', () => {
    for (const path of ['/submit?courseId=8a1c', '/track/abc', '/class-session/sent', '/class-sessions', '/courses/8a1c/edit', '/']) {
      expect(fileOf(`https://classpulse.example${path}`)).toBeUndefined();
    }
  });

  it('are only those this build precached', () => {
    expect(asServedPages(STUDENT_PAGES, (file) => file === 'course.html').map((kept) => kept.file)).toEqual(['course.html']);
  });

  it('are kept under their address without its fragment', () => {
    expect(addressOf('https://classpulse.example/class-session?courseId=8a1c#edit=x')).toBe(
      'https://classpulse.example/class-session?courseId=8a1c',
    );
  });
});

describe('a copy', () => {
  it('is kept from a page answered in full, never from an error, a redirect or another kind of file', () => {
    expect(worthKeeping(page(200, { 'content-type': 'text/html; charset=utf-8' }))).toBe(true);
    expect(worthKeeping(page(404, { 'content-type': 'text/html' }))).toBe(false);
    expect(worthKeeping(page(502, { 'content-type': 'text/html' }))).toBe(false);
    expect(worthKeeping(page(200, { 'content-type': 'application/json' }))).toBe(false);
  });

  it('answers only on the day the host served it, on the device’s calendar', () => {
    const servedAt = new Date(2026, 10, 30, 8, 15);
    const copy = page(200, { date: servedAt.toUTCString() });
    expect(servedToday(copy, new Date(2026, 10, 30, 23, 59))).toBe(true);
    expect(servedToday(copy, new Date(2026, 11, 1, 0, 0))).toBe(false);
    expect(servedToday(copy, new Date(2026, 10, 29, 23, 59))).toBe(false);
    expect(servedToday(page(200, {}), servedAt)).toBe(false);
  });

  it("belongs to the build that kept it: another build's cache is dropped, this one's kept", () => {
    const current = copiesCacheName([{ url: 'course.html', revision: 'a1' }]);
    const next = copiesCacheName([{ url: 'course.html', revision: 'b2' }]);
    expect(next).not.toBe(current);
    expect(isOtherBuildsCopies(next, current)).toBe(true);
    expect(isOtherBuildsCopies(current, current)).toBe(false);
    expect(isOtherBuildsCopies('workbox-precache-v2-https://classpulse.example/', current)).toBe(false);
  });
});
