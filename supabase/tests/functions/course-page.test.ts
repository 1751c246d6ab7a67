// GET /submissions/form-page?page=/courses/<id>: a course page's first screen for a host that
// writes it into the page (nginx's SSI; docs/decisions/course-page.md, "The first screen from the
// host"): the course's state and its texts, escaped for the page.
import { beforeAll, describe, expect, it } from 'vitest';
import { isClassDate } from '../../functions/_shared/today.ts';
import { db, signInWithEmailCode, type SignedIn } from '../../../testing/vitest.ts';
import { createCourse } from '../fixtures.ts';
import { raw } from './helpers.ts';

let A: SignedIn;

beforeAll(async () => {
  A = await signInWithEmailCode();
});

const courseLine = async (page: string) => {
  const res = await raw(`submissions/form-page?page=${encodeURIComponent(page)}`, { method: 'GET' });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return res.data as string;
};

async function classDayOf(courseId: string): Promise<string> {
  const { rows } = await db().query<{ day: string }>('select public.course_class_day($1)::text as day', [courseId]);
  return rows[0]!.day;
}

describe("A course page's first screen for a host that writes it (GET /submissions/form-page?page=/courses/<id>)", () => {
  it("is the course's state, id, code, section, name and class day, its texts escaped for the page", async () => {
    const { id } = (await createCourse(A.userId, { code: 'COSC|1337', name: `Intro <to> $code ~ O'Brien` }))!;
    await db().query(`update public.courses set section = '002' where id = $1`, [id]);
    const day = await classDayOf(id);
    // A weekend's class day takes no feedback: the page says "No Class Today".
    const today = isClassDate(day) ? '1' : '0';
    const line = `0|${today}|${id}|COSC&#124;1337|002|Intro &lt;to&gt; &#36;code &#126; O&#39;Brien|${day}`;
    expect(await courseLine(`/courses/${id}`)).toBe(line);
    expect(await courseLine(`/courses/${id}/`)).toBe(line);
  });

  it('leaves the section empty where there is none, and an ended course has no class day', async () => {
    const { id, code } = (await createCourse(A.userId, { name: 'Calculus' }))!;
    await db().query('update public.courses set ended_at = now() where id = $1', [id]);
    expect(await courseLine(`/courses/${id}`)).toBe(`1|0|${id}|${code}||Calculus|`);
  });

  it('is empty for an unknown course or an id that is not one', async () => {
    expect(await courseLine('/courses/00000000-0000-4000-8000-000000000000')).toBe('');
    expect(await courseLine('/courses/not-an-id')).toBe('');
  });
});

describe('isClassDate', () => {
  it('is Monday to Friday of the date itself, whatever the clock', () => {
    expect(['2026-11-30', '2026-12-04'].map(isClassDate)).toEqual([true, true]);
    expect(['2026-11-28', '2026-11-29'].map(isClassDate)).toEqual([false, false]);
  });
});
