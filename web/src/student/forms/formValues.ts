/** A form's values as defaults: text for the fields, numbers for the sliders (a saved body, text typed before a refusal). */
export type FormDefaults = Record<string, string | number | undefined>;

/** What the form holds, by field name, as the browser would post it (disabled fields left out). */
export function fieldsOf(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') fields[name] = value;
  return fields;
}

/**
 * The ratings of the note's topics as the schema takes them: the note's id with the ratings chosen
 * (numbers), and nothing without a rating chosen or without the note (a rating without its note is none).
 */
export function followUpOf(fields: Record<string, string>): {
  followUpNoteId?: string;
  followUpAddressed?: number;
  followUpControl?: number;
} {
  const { followUpNoteId, followUpAddressed, followUpControl } = fields;
  if (!followUpNoteId || (!followUpAddressed && !followUpControl)) return {};
  return {
    followUpNoteId,
    ...(followUpAddressed ? { followUpAddressed: Number(followUpAddressed) } : {}),
    ...(followUpControl ? { followUpControl: Number(followUpControl) } : {}),
  };
}

/** A default as a field's text. */
export const asText = (value: string | number | undefined): string => (value === undefined ? '' : String(value));

/** A saved body or text typed before a refusal as the form's defaults: its texts and numbers. */
export function asDefaults(body: Record<string, unknown>): FormDefaults {
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string | number] => ['string', 'number'].includes(typeof entry[1])),
  );
}
