/** What this browser allows: push works, there is no Push API at all, or the visitor blocked notifications. */
export type PushSupport = 'supported' | 'unsupported' | 'denied';

/** Without React or the API's schemas: a light private link's page (web/src/student/track.ts) asks it too. */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}
