import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorBody, identify, MESSAGES, type MessageCode, messageText } from './messages.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const migrations = path.resolve(here, '../../migrations');
const sample = (template: string) => template.replace(/\{\{(\w+)\}\}/g, 'x@example.edu');

/** The texts the SQL functions raise: `raise exception '…'` and `rate_limited('…')`, % filled in. */
function raisedTexts(): string[] {
  const texts = new Set<string>();
  for (const file of readdirSync(migrations).filter((name) => name.endsWith('.sql'))) {
    const sql = readFileSync(path.join(migrations, file), 'utf8');
    for (const match of sql.matchAll(/raise exception '((?:''|[^'])+)'|rate_limited\(\s*(?:format\()?'((?:''|[^'])+)'/g)) {
      const text = (match[1] ?? match[2] ?? '').replace(/''/g, "'");
      if (text !== '%') texts.add(text.replace(/%s?/g, '7'));
    }
  }
  return [...texts];
}

/** The validation messages of the shared zod schemas: a 400 carries them with code invalid_input. */
const schemaMessages = [...readFileSync(path.join(here, 'schemas.ts'), 'utf8').matchAll(/'([A-Z][^'\n]* [^'\n]*)'/g)].map((m) => m[1]);

describe('server messages', () => {
  it('gives every catalog text back its own code and parameters', () => {
    for (const code of Object.keys(MESSAGES) as MessageCode[]) {
      const text = sample(MESSAGES[code]);
      const params = MESSAGES[code].includes('{{') ? expect.any(Object) : undefined;
      expect(identify(text), text).toEqual(params ? { code, params } : { code });
    }
    expect(identify(messageText('team_member_exists', { email: 'ta@example.edu' }))).toEqual({
      code: 'team_member_exists',
      params: { email: 'ta@example.edu' },
    });
  });

  it('knows every refusal the SQL functions raise (or it is a schema message the forms share)', () => {
    const texts = raisedTexts();
    expect(texts.length).toBeGreaterThan(20);
    expect(texts.filter((text) => !identify(text) && !schemaMessages.includes(text))).toEqual([]);
  });

  it('answers the English with its code, parameters when the text has some', () => {
    expect(errorBody(404, 'Submission not found')).toEqual({ error: 'Submission not found', code: 'submission_not_found' });
    expect(errorBody(429, 'You have already sent 5 submissions for this class session.')).toEqual({
      error: 'You have already sent 5 submissions for this class session.',
      code: 'device_submission_limit',
      params: { count: '5' },
    });
  });

  it('gives a text outside the catalog its status’s code', () => {
    expect(errorBody(400, 'Please enter a topic')).toEqual({ error: 'Please enter a topic', code: 'invalid_input' });
    expect(errorBody(401, 'whatever')).toMatchObject({ code: 'unauthorized' });
    expect(errorBody(418, 'teapot')).toMatchObject({ code: 'bad_request' });
    expect(errorBody(502, 'upstream')).toMatchObject({ code: 'internal_error' });
  });
});
