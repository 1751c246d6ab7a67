/**
 * What a student had typed before a refused form post, which its "not sent" page's "Back to the
 * Form" puts in the history entry's state (`{ usr: { typed } }`, as the app's router kept it), so the
 * form opens with it; undefined when there is none. Read once the page runs.
 */
export function typedAgain(): Record<string, string> | undefined {
  const typed: unknown = (history.state as { usr?: { typed?: unknown } } | null)?.usr?.typed;
  if (!typed || typeof typed !== 'object') return undefined;
  const fields = Object.entries(typed).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return fields.length > 0 ? Object.fromEntries(fields) : undefined;
}
