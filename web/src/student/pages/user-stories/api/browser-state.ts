import { msg } from '../../../../i18n/msg';
// What the board keeps in this browser. The session token identifies an anonymous voter (the
// server keeps only its hash); the owner flag only reveals controls, the server decides.
const SESSION_TOKEN_KEY = 'classpulse.userStories.sessionToken';
const OWNER_FLAG_KEY = 'classpulse.userStories.owner';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy mode): the board still reads, voting asks for a session
  }
}

export function readSessionToken(): string | null {
  return storage()?.getItem(SESSION_TOKEN_KEY) || null;
}

export function saveSessionToken(token: string): void {
  try {
    storage()?.setItem(SESSION_TOKEN_KEY, token);
  } catch {
    // quota or disabled storage: the next list call issues another token
  }
}

export function clearSessionToken(): void {
  storage()?.removeItem(SESSION_TOKEN_KEY);
}

export function readOwnerFlag(): boolean {
  return storage()?.getItem(OWNER_FLAG_KEY) === 'true';
}

export function writeOwnerFlag(isOwner: boolean): void {
  try {
    if (isOwner) storage()?.setItem(OWNER_FLAG_KEY, 'true');
    else storage()?.removeItem(OWNER_FLAG_KEY);
  } catch {
    // nothing to do: the flag only reveals controls
  }
}

/**
 * What the board's read said of the token it sent (`sent`): a new or current one is kept; none means
 * the server does not know the one sent and could not issue another now, which is then dropped.
 */
export function keepSessionToken(sent: string | undefined, answered: string | null): void {
  if (answered) {
    if (answered !== readSessionToken()) saveSessionToken(answered);
  } else if (sent && sent === readSessionToken()) {
    clearSessionToken();
  }
}

/** The `x-session-token` header of the token this browser holds, if any. */
export function tokenHeader(): Record<string, string> {
  const token = readSessionToken();
  return token ? { 'x-session-token': token } : {};
}

/** The owner header the board's write calls send, though the server decides by the signed-in account alone. */
export function ownerHeader(): Record<string, string> {
  return { 'x-app-owner': String(readOwnerFlag()) };
}

export const SESSION_REQUIRED = msg('Please submit a user story first to enable voting');
