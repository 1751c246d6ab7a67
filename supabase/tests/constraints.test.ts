// Every CHECK constraint rejects the value just past each limit and accepts the limit itself.
// Each attempt runs in a transaction that is rolled back, so nothing is left behind.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../testing/vitest.ts';
import { createAuthUser, createCourse, createSession, randomHash } from './fixtures.ts';

let courseId: string;
let sessionId: string;

beforeAll(async () => {
  courseId = (await createCourse(await createAuthUser())).id;
  sessionId = (await createSession(courseId)).id;
});

/** The SQLSTATE the statement fails with, or 'ok'. */
async function outcome(sql: string, params: unknown[]): Promise<string> {
  const client = await db().connect();
  try {
    await client.query('begin');
    await client.query(sql, params);
    return 'ok';
  } catch (error) {
    return (error as { code: string }).code;
  } finally {
    await client.query('rollback');
    client.release();
  }
}

const x = (n: number, ch = 'a') => ch.repeat(n);
const CHECK = '23514';

const quick = (fields: { topic?: string; confusion?: string; difficulty?: string }) =>
  outcome(
    `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, confusion, difficulty_level)
     values ($1, $2, 'quick', $3, $4, $5, $6)`,
    [courseId, sessionId, randomHash(), fields.topic ?? 'Topic', fields.confusion ?? x(10), fields.difficulty ?? 'very'],
  );

const sessionRow = (f: Record<string, unknown>) =>
  outcome(
    `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, mind_after_session,
       unclear_parts, went_well, pace, challenge_level, clarity_rating, confidence_level)
     values ($1, $2, 'session', $3, 'Session feedback', $4, $5, $6, $7, $8, $9, $10)`,
    [
      courseId,
      sessionId,
      randomHash(),
      'mind' in f ? f.mind : 'Mind',
      'unclear' in f ? f.unclear : 'Unclear',
      'well' in f ? f.well : 'Well',
      'pace' in f ? f.pace : 'just_right',
      'challenge' in f ? f.challenge : 'slightly_hard',
      'clarity' in f ? f.clarity : 4,
      'confidence' in f ? f.confidence : 50,
    ],
  );

describe('submissions, Variant A', () => {
  it('topic: 1 to 255 characters, not blank', async () => {
    expect(await quick({ topic: '' })).toBe(CHECK);
    expect(await quick({ topic: '   ' })).toBe(CHECK);
    expect(await quick({ topic: x(1) })).toBe('ok');
    expect(await quick({ topic: x(255) })).toBe('ok');
    expect(await quick({ topic: x(256) })).toBe(CHECK);
  });

  it('confusion: 10 to 2000 characters, counted as people count them', async () => {
    expect(await quick({ confusion: x(9) })).toBe(CHECK);
    expect(await quick({ confusion: x(10) })).toBe('ok');
    expect(await quick({ confusion: x(10, '😀') })).toBe('ok');
    expect(await quick({ confusion: x(2000) })).toBe('ok');
    expect(await quick({ confusion: x(2001) })).toBe(CHECK);
  });

  it('difficulty: slightly, very or completely', async () => {
    for (const level of ['slightly', 'very', 'completely']) expect(await quick({ difficulty: level })).toBe('ok');
    expect(await quick({ difficulty: 'extremely' })).toBe(CHECK);
  });

  it('has no Variant B fields', async () => {
    expect(
      await outcome(
        `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, confusion, difficulty_level, clarity_rating)
         values ($1, $2, 'quick', $3, 'T', $4, 'very', 4)`,
        [courseId, sessionId, randomHash(), x(10)],
      ),
    ).toBe(CHECK);
  });
});

describe('submissions, Variant B', () => {
  for (const field of ['mind', 'unclear', 'well']) {
    it(`${field}: 1 to 2000 characters, required`, async () => {
      expect(await sessionRow({ [field]: '' })).toBe(CHECK);
      expect(await sessionRow({ [field]: null })).toBe(CHECK);
      expect(await sessionRow({ [field]: x(1) })).toBe('ok');
      expect(await sessionRow({ [field]: x(2000) })).toBe('ok');
      expect(await sessionRow({ [field]: x(2001) })).toBe(CHECK);
    });
  }

  it('pace and challenge level: only the listed values', async () => {
    for (const pace of ['too_slow', 'slightly_slow', 'just_right', 'slightly_fast', 'too_fast']) {
      expect(await sessionRow({ pace })).toBe('ok');
    }
    expect(await sessionRow({ pace: 'glacial' })).toBe(CHECK);
    for (const challenge of ['far_too_easy', 'slightly_easy', 'challenging_manageable', 'slightly_hard', 'far_too_hard']) {
      expect(await sessionRow({ challenge })).toBe('ok');
    }
    expect(await sessionRow({ challenge: 'impossible' })).toBe(CHECK);
  });

  it('clarity: 1 to 7', async () => {
    expect(await sessionRow({ clarity: 0 })).toBe(CHECK);
    expect(await sessionRow({ clarity: 1 })).toBe('ok');
    expect(await sessionRow({ clarity: 7 })).toBe('ok');
    expect(await sessionRow({ clarity: 8 })).toBe(CHECK);
  });

  it('confidence: 0 to 100 in steps of 5', async () => {
    expect(await sessionRow({ confidence: -5 })).toBe(CHECK);
    expect(await sessionRow({ confidence: 0 })).toBe('ok');
    expect(await sessionRow({ confidence: 100 })).toBe('ok');
    expect(await sessionRow({ confidence: 105 })).toBe(CHECK);
    expect(await sessionRow({ confidence: 52 })).toBe(CHECK);
  });

  it('derives how confused the student was from clarity', async () => {
    const client = await db().connect();
    try {
      await client.query('begin');
      const levels: Record<number, string | null> = {};
      for (let clarity = 1; clarity <= 7; clarity++) {
        const { rows } = await client.query(
          `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, mind_after_session,
             unclear_parts, went_well, pace, challenge_level, clarity_rating, confidence_level)
           values ($1, $2, 'session', $3, 'Session feedback', 'm', 'u', 'w', 'just_right', 'slightly_hard', $4, 50)
           returning confusion_level`,
          [courseId, sessionId, randomHash(), clarity],
        );
        levels[clarity] = rows[0].confusion_level;
      }
      expect(levels).toEqual({ 1: 'completely', 2: 'completely', 3: 'very', 4: 'very', 5: 'slightly', 6: 'slightly', 7: null });
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});

describe('courses', () => {
  const course = (name: string, code: string, timezone = 'UTC') =>
    outcome(`insert into public.courses (owner_id, name, code, timezone) select id, $1, $2, $3 from auth.users limit 1`, [
      name,
      code,
      timezone,
    ]);

  it('name 1 to 200 and code 1 to 32 characters', async () => {
    expect(await course('', 'A1')).toBe(CHECK);
    expect(await course(x(1), 'A2')).toBe('ok');
    expect(await course(x(200), 'A3')).toBe('ok');
    expect(await course(x(201), 'A4')).toBe(CHECK);
    expect(await course('Name', '')).toBe(CHECK);
    expect(await course('Name', 'Z')).toBe('ok');
    expect(await course('Name', x(32, 'Q'))).toBe('ok');
    expect(await course('Name', x(33, 'Q'))).toBe(CHECK);
  });

  it('an unknown time zone is refused', async () => {
    expect(await course('Name', 'TZ 1', 'Mars/Olympus_Mons')).toBe('22023');
    expect(await course('Name', 'TZ 2', 'Asia/Tokyo')).toBe('ok');
  });

  it('codes are unique ignoring case and spaces', async () => {
    expect(await course('Name', 'cosc1337')).toBe('23505');
    expect(await course('Name', '  Cosc   1337 ')).toBe('23505');
  });
});

describe('class sessions', () => {
  const session = (topic: string | null, token?: string) =>
    outcome(
      `insert into public.class_sessions (course_id, session_date, expires_at, topic${token ? ', access_token' : ''})
       values ($1, '2020-01-01', '2020-01-02', $2${token ? ', $3' : ''})`,
      token ? [courseId, topic, token] : [courseId, topic],
    );
  it('topic: 1 to 255 characters when given', async () => {
    expect(await session(null)).toBe('ok');
    expect(await session('')).toBe(CHECK);
    expect(await session(x(255))).toBe('ok');
    expect(await session(x(256))).toBe(CHECK);
  });
  it('access tokens carry at least 128 bits', async () => {
    expect(await session(null, x(21))).toBe(CHECK);
    expect(await session(null, x(22))).toBe('ok');
  });
});

describe('user stories', () => {
  const story = (f: Record<string, unknown>) =>
    outcome(
      `insert into public.user_stories (title, description, submitted_by, impact, confidence, ease, status)
       values ($1, $2, $3, $4, $5, $6, coalesce($7, 'submitted'))`,
      [
        'title' in f ? f.title : 'T',
        'description' in f ? f.description : 'D',
        f.submittedBy ?? null,
        f.impact ?? 5,
        f.confidence ?? 5,
        f.ease ?? 5,
        f.status ?? null,
      ],
    );

  for (const score of ['impact', 'confidence', 'ease']) {
    it(`${score}: 1 to 10`, async () => {
      expect(await story({ [score]: 0 })).toBe(CHECK);
      expect(await story({ [score]: 1 })).toBe('ok');
      expect(await story({ [score]: 10 })).toBe('ok');
      expect(await story({ [score]: 11 })).toBe(CHECK);
    });
  }

  it('title 1 to 300, description 1 to 1000, name up to 80 characters', async () => {
    expect(await story({ title: '' })).toBe(CHECK);
    expect(await story({ title: x(300) })).toBe('ok');
    expect(await story({ title: x(301) })).toBe(CHECK);
    expect(await story({ description: '' })).toBe(CHECK);
    expect(await story({ description: x(1000) })).toBe('ok');
    expect(await story({ description: x(1001) })).toBe(CHECK);
    expect(await story({ submittedBy: x(80) })).toBe('ok');
    expect(await story({ submittedBy: x(81) })).toBe(CHECK);
  });

  it('status: one of the six', async () => {
    for (const status of ['submitted', 'in_review', 'accepted', 'in_progress', 'on_hold', 'done']) {
      expect(await story({ status })).toBe('ok');
    }
    expect(await story({ status: 'merged' })).toBe(CHECK);
  });

  it('ICE score is the sum of the three scores', async () => {
    const { rows } = await db().query(
      `insert into public.user_stories (title, description, impact, confidence, ease) values ('t', 'd', 10, 3, 7) returning ice_score`,
    );
    expect(rows[0].ice_score).toBe(20);
  });
});

describe('hashes and counters', () => {
  it('only hex SHA-256 hashes are stored for tokens and keys', async () => {
    expect(await outcome('insert into public.anonymous_sessions (anonymous_token_hash) values ($1)', ['raw-token'])).toBe(CHECK);
    expect(await outcome('insert into public.anonymous_sessions (anonymous_token_hash) values ($1)', [randomHash()])).toBe('ok');
    expect(
      await outcome(
        `insert into public.rate_limit_buckets (bucket, key_hash, window_start) values ('ip-minute', '203.0.113.7', now())`,
        [],
      ),
    ).toBe(CHECK);
    expect(
      await outcome(
        `insert into public.rate_limit_buckets (bucket, key_hash, window_start, submission_count) values ('ip-minute', $1, now(), -1)`,
        [randomHash()],
      ),
    ).toBe(CHECK);
  });
});
