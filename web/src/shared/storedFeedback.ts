/**
 * The seed: after a Variant B submission its id (and, here, the edit token that proves it is the
 * student's) is kept in sessionStorage under the class session, so a reload prefills the form and
 * closing the tab forgets it.
 */
export interface StoredFeedback {
  id: string;
  editToken: string;
}

export function storageKey(courseId: string, sessionId: string): string {
  return `classpulse.feedback.${courseId || 'any'}.${sessionId}`;
}

export function readStoredFeedback(key: string): StoredFeedback | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    if (parsed && typeof parsed === 'object') {
      const { id, editToken } = parsed as Partial<StoredFeedback>;
      if (typeof id === 'string' && typeof editToken === 'string' && editToken.startsWith(`${id}.`)) return { id, editToken };
    }
  } catch {
    // Unreadable or blocked storage: behave as if nothing was stored.
  }
  return null;
}

export function writeStoredFeedback(key: string, value: StoredFeedback | null): void {
  try {
    if (value) sessionStorage.setItem(key, JSON.stringify(value));
    else sessionStorage.removeItem(key);
  } catch {
    // Storage blocked: edit mode then lasts until the page is left.
  }
}
