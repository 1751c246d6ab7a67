/** A form's values as defaults: text for the fields, numbers for the sliders (a saved body, text typed before a refusal). */
export type FormDefaults = Record<string, string | number | undefined>;

/** What the form holds, by field name, as the browser would post it (disabled fields left out). */
export function fieldsOf(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') fields[name] = value;
  return fields;
}

/**
 * The answer to the check question as the schema takes it: with its question's note id, and
 * neither without an answer chosen (an answer without its note is no answer).
 */
export function followUpOf(fields: Record<string, string>): { followUpNoteId?: string; followUpAnswer?: number } {
  const { followUpNoteId, followUpAnswer } = fields;
  return followUpNoteId && followUpAnswer ? { followUpNoteId, followUpAnswer: Number(followUpAnswer) } : {};
}

/** A default as a field's text. */
export const asText = (value: string | number | undefined): string => (value === undefined ? '' : String(value));

/** A saved body or text typed before a refusal as the form's defaults: its texts and numbers. */
export function asDefaults(body: Record<string, unknown>): FormDefaults {
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string | number] => ['string', 'number'].includes(typeof entry[1])),
  );
}
