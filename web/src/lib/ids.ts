/** What an id looks like: a uuid. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids; anything else cannot name a row, so it is a 404 without asking the server. */
export const isUuid = (value: string): boolean => UUID.test(value);

/** The submission id inside an edit token (`<id>.<secret>`). */
export const submissionIdOf = (editToken: string) => editToken.split('.')[0] ?? '';
