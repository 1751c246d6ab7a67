import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { NOTE_MESSAGE, noteBodySchema, REPLY_MESSAGE, replyBodySchema } from './schemas.ts';

function message(schema: z.ZodType, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? '');
}

describe('reply and note bodies: 1 to 1000 characters after trimming, as the database counts them', () => {
  it.each([
    [replyBodySchema, REPLY_MESSAGE],
    [noteBodySchema, NOTE_MESSAGE],
  ])('%#', (schema, refused) => {
    expect(message(schema, '')).toBe(refused);
    expect(message(schema, ' \n\t\u00a0\u3000')).toBe(refused);
    expect(message(schema, 'x')).toBeNull();
    expect(message(schema, 'x'.repeat(1000))).toBeNull();
    expect(message(schema, `  ${'x'.repeat(1000)}  `)).toBeNull();
    expect(message(schema, 'x'.repeat(1001))).toBe(refused);
    expect(message(schema, '😀'.repeat(1000))).toBeNull();
    expect(message(schema, null)).toBe(refused);
    expect(schema.parse('  Thanks!  ')).toBe('Thanks!');
  });
});
