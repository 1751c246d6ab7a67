const KEY = 'classpulse.deviceId';

let memoryId: string | undefined;

/**
 * A random id for this browser, kept in localStorage and sent as `x-device-id` with a submission so
 * the server can rate-limit one device per class session (docs/product.md, Rate limits). It identifies nothing: the
 * server keeps only a keyed hash of it per class session, never next to the feedback.
 */
export function deviceId(): string {
  try {
    const stored = localStorage.getItem(KEY);
    if (stored) return stored;
    const id = crypto.randomUUID();
    localStorage.setItem(KEY, id);
    return id;
  } catch {
    // Storage disabled (private mode, blocked): one id per page load still works.
    memoryId ??= crypto.randomUUID();
    return memoryId;
  }
}
