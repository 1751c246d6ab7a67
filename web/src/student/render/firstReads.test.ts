import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiConfig } from '../../lib/config';
import { PREFETCHED_GLOBAL } from '../../lib/prefetched';
import { authStorageKey } from '../../lib/sessionCookie';
import { getCourse } from '../../shared/api/get-course';
import { getCourseNotes } from '../../shared/api/get-course-notes';
import classLinkFirstReads from '../pages/class-session/classLink.firstReads';
import classSessionFirstReads from '../pages/class-session/classSession.firstReads';
import courseFirstReads from '../pages/course/course.firstReads';
import { STUDENT_PAGES } from '../pages';
import { inlineScript } from '../../../scripts/inline-script';
import { type FirstReads, type FirstReadsSetup, defineFirstReads, firstReadsSetup } from './firstReads';

const COURSE_ADDRESSES = /^\/courses\/([^/]+)$/;
const STAND_IN = '00000000-0000-4000-8000-00000000c0de';
const ID = '3f1e2d3c-4b5a-4678-9abc-def012345678';
const api = apiConfig.supabaseUrl;

const setupOf = (firstReads: FirstReads, addresses: RegExp | undefined = COURSE_ADDRESSES) =>
  firstReadsSetup('/courses/{id}', addresses, firstReads);

/** A façade-like read that sends what it is given. */
const sending = (...requests: [string, RequestInit?][]) =>
  async function sends(id: string) {
    for (const [url, init] of requests) await fetch(url.replace('{id}', id), init);
  };

const anonymous = { headers: { apikey: 'key', Authorization: 'Bearer key' } };

describe('firstReadsSetup', () => {
  it("derives the course page's reads from the façade: its course, notes, timeline and class day, with the anonymous key", async () => {
    const setup = await setupOf(courseFirstReads);
    expect(setup.urls).toEqual([
      `${api}/rest/v1/courses?select=id%2Ccode%2Cname%2Csection%2Cterm%2Cended_at&id=eq.${STAND_IN}`,
      `${api}/rest/v1/rpc/course_notes?course_id=${STAND_IN}&max_items=20`,
      `${api}/rest/v1/rpc/course_timeline?course_id=${STAND_IN}&max_items=100`,
      `${api}/rest/v1/rpc/course_class_day?course_id=${STAND_IN}`,
    ]);
    expect(setup).toMatchObject({
      apikey: apiConfig.supabaseAnonKey,
      standIn: STAND_IN,
      sessionCookie: authStorageKey(api),
      global: PREFETCHED_GLOBAL,
      addresses: { source: COURSE_ADDRESSES.source, flags: '' },
      id: { flags: 'i' },
      // Its first paint is the course where the host wrote it (render/hostedCourse.tsx), else the
      // loading line: neither waits for its reads.
      afterFirstPaint: true,
    });
  });

  it("derives the class link's read from the façade: the token's class session, for a token as the database makes one", async () => {
    const classLink = STUDENT_PAGES.find((page) => page.path === '/class/{token}')!;
    const setup = await firstReadsSetup(classLink.path, classLink.addresses, classLinkFirstReads);
    expect(setup.urls).toEqual([`${api}/rest/v1/rpc/resolve_class_token?token=${classLinkFirstReads.standIn}`]);
    expect(setup.addresses).toEqual({ source: classLink.addresses!.source, flags: '' });
    expect(setup.afterFirstPaint).toBe(true);
    const id = new RegExp(setup.id.source, setup.id.flags);
    expect(id.test('iEptCSj_3WY1Xxqkvjr6LP9ENQ9Gf3m4')).toBe(true);
    // Shorter than any token the database holds: the page's own read finds that it leads nowhere.
    expect(id.test('not-a-class-link')).toBe(false);
    expect(id.test('a/b%2Fc?d=eeeeeeeeeeeeeeeeeeeeee')).toBe(false);
  });

  it("derives Session Feedback's reads from the façade: the course of its ?courseId= and its notes", async () => {
    const setup = await firstReadsSetup('/class-session', undefined, classSessionFirstReads);
    expect(setup.urls).toEqual([
      `${api}/rest/v1/courses?select=id%2Ccode%2Cname%2Csection%2Cterm%2Cended_at&id=eq.${STAND_IN}`,
      `${api}/rest/v1/rpc/course_notes?course_id=${STAND_IN}&max_items=20`,
    ]);
    expect(setup.param).toBe('courseId');
    expect(setup.addresses).toBeUndefined();
  });

  it('leaves the fetch it found in place', async () => {
    const fetchBefore = globalThis.fetch;
    await setupOf(courseFirstReads);
    expect(globalThis.fetch).toBe(fetchBefore);
  });

  const declared = (reads: FirstReads['reads'], standIn = STAND_IN) => defineFirstReads({ id: /^[\w-]+$/, standIn, reads });

  it.each([
    ['a read that is not a GET', [sending([`${api}/rest/v1/rpc/x?id={id}`, { ...anonymous, method: 'POST' }])], /is not a GET/],
    [
      'a read with a header of its own',
      [sending([`${api}/x?id={id}`, { headers: { ...anonymous.headers, Prefer: 'count=exact' } }])],
      /plain anonymous/,
    ],
    [
      "a read with a professor's token",
      [sending([`${api}/x?id={id}`, { headers: { apikey: 'key', Authorization: 'Bearer jwt' } }])],
      /plain anonymous/,
    ],
    ['a read that sends two requests', [sending([`${api}/x?id={id}`, anonymous], [`${api}/y?id={id}`, anonymous])], /sent 2 requests/],
    ['a read that sends nothing', [sending()], /sent 0 requests/],
    ['a read whose URL does not name the id', [sending([`${api}/x`, anonymous])], /does not name the id/],
    [
      'reads with different keys',
      [sending([`${api}/x?id={id}`, anonymous]), sending([`${api}/y?id={id}`, { headers: { apikey: 'k2', Authorization: 'Bearer k2' } }])],
      /different keys/,
    ],
  ])('refuses %s', async (_, reads, why) => {
    await expect(setupOf(declared(reads))).rejects.toThrow(why);
  });

  it('refuses a stand-in the id pattern or a URL would not take, no reads, and a page without addresses', async () => {
    const read = sending([`${api}/x?id={id}`, anonymous]);
    await expect(setupOf(declared([read], 'not a/uuid'))).rejects.toThrow(/stand-in/);
    await expect(setupOf(declared([]))).rejects.toThrow(/no reads/);
    await expect(firstReadsSetup('/course-search', undefined, declared([read]))).rejects.toThrow(/no `addresses`/);
  });
});

describe('the inline script', () => {
  const scripts = new Map<FirstReadsSetup, Promise<string>>();
  const run = async (setup: FirstReadsSetup) => {
    if (!scripts.has(setup)) scripts.set(setup, inlineScript(pathToFileURL(`${import.meta.dirname}/firstReads.inline.ts`), setup));
    new Function(await scripts.get(setup)!)();
  };
  const answers = () => (globalThis as Record<string, unknown>)[PREFETCHED_GLOBAL] as Map<string, Promise<Response>> | undefined;
  /** The page's first frame has been drawn and the tasks it queued have run. */
  const afterFirstPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

  afterEach(() => {
    vi.unstubAllGlobals();
    delete (globalThis as Record<string, unknown>)[PREFETCHED_GLOBAL];
    document.cookie = `${authStorageKey(api)}.0=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    history.replaceState(null, '', '/');
  });

  it("sends the page's reads for the address's id as simple GETs, the key in the query, and the façade takes their answers", async () => {
    const setup = await setupOf(courseFirstReads);
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        sent.push(String(input));
        return Response.json(
          String(input).includes('/courses?')
            ? [{ id: ID, code: 'COSC 1337', name: 'Programming', section: null, term: 'Fall 2026', ended_at: null }]
            : [],
        );
      }),
    );
    history.replaceState(null, '', `/courses/${ID}/`);
    await run(setup);
    // Right after the first paint, not before it.
    expect(sent).toEqual([]);
    await afterFirstPaint();

    expect(sent).toHaveLength(4);
    for (const url of sent) {
      expect(new URL(url).searchParams.get('apikey')).toBe(apiConfig.supabaseAnonKey);
      expect(url).toContain(ID);
    }
    expect([...answers()!.keys()]).toEqual(setup.urls.map((url) => url.replace(STAND_IN, ID)));

    // The island's own calls: answered by what the page sent, nothing sent again.
    await expect(getCourse(ID)).resolves.toMatchObject({ code: 'COSC 1337', name: 'Programming' });
    await expect(getCourseNotes(ID)).resolves.toEqual([]);
    expect(sent).toHaveLength(4);
    // Once each: a second call (the page's "Try again") asks again.
    await getCourse(ID);
    expect(sent).toHaveLength(5);
    expect(new URL(sent[4]!).searchParams.has('apikey')).toBe(false);
  });

  it("takes the id from the query's parameter when the reads name one, and sends nothing without a valid one", async () => {
    const setup = await firstReadsSetup('/class-session', undefined, classSessionFirstReads);
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        sent.push(String(input));
        return Response.json([]);
      }),
    );
    for (const search of ['', '?sessionId=2026-11-25', '?courseId=not-a-uuid', `?courseid=${ID}`]) {
      history.replaceState(null, '', `/class-session${search}`);
      await run(setup);
    }
    await afterFirstPaint();
    expect(sent).toEqual([]);
    expect(answers()).toBeUndefined();

    history.replaceState(null, '', `/class-session?sessionId=2026-11-25&courseId=${ID}`);
    await run(setup);
    // Session Feedback's form is its HTML: its reads go right after the first paint, not before it.
    expect(setup.afterFirstPaint).toBe(true);
    expect(sent).toEqual([]);
    await afterFirstPaint();
    expect(sent.map((url) => new URL(url).pathname)).toEqual(['/rest/v1/courses', '/rest/v1/rpc/course_notes']);
    for (const url of sent) expect(new URL(url).searchParams.get('apikey')).toBe(apiConfig.supabaseAnonKey);
    expect([...answers()!.keys()]).toEqual(setup.urls.map((url) => url.replace(STAND_IN, ID)));
    await expect(getCourseNotes(ID)).resolves.toEqual([]);
    expect(sent).toHaveLength(2);
  });

  it('sends nothing for an id the façade would not ask about, another address, or a visitor with a session cookie', async () => {
    const setup = await setupOf(courseFirstReads);
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    for (const path of ['/courses/not-a-uuid', '/course-search', `/courses/${ID}/more`]) {
      history.replaceState(null, '', path);
      await run(setup);
    }
    history.replaceState(null, '', `/courses/${ID}`);
    document.cookie = `${authStorageKey(api)}.0=base64-session`;
    await run(setup);
    await afterFirstPaint();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(answers()).toBeUndefined();
  });
});
