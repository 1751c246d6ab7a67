// Reply notifications in the service worker: the push a professor's first reply sends, and the
// click that opens the student's private link. Kept in a file of its own so that any later worker
// (a Workbox build) takes it as it is: importScripts('/reply-push-sw.js').
//
// The push carries {title, body: course code, submissionId} and nothing else: the server never has
// the raw edit token. The page keeps each submission's private link (`/track/<edit token>`) in this
// device's IndexedDB when the student turns notifications on (web/src/shared/replyLinks.ts); the
// worker takes it out when the push arrives, so the link leaves the device's storage once used.
const REPLY_LINKS_DB = 'classpulse-reply-links';
const REPLY_LINKS_STORE = 'links';
// Without a kept link (storage cleared), the device's list of its own feedback.
const REPLY_FALLBACK_PATH = '/my-feedback';

function openReplyLinks() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(REPLY_LINKS_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(REPLY_LINKS_STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** The kept link of a submission, removed from storage as it is read (undefined when none). */
async function takeReplyLink(submissionId) {
  try {
    const db = await openReplyLinks();
    return await new Promise((resolve) => {
      const store = db.transaction(REPLY_LINKS_STORE, 'readwrite').objectStore(REPLY_LINKS_STORE);
      const read = store.get(submissionId);
      read.onsuccess = () => {
        store.delete(submissionId);
        resolve(typeof read.result === 'string' && read.result.startsWith('/') ? read.result : undefined);
      };
      read.onerror = () => resolve(undefined);
    });
  } catch {
    return undefined;
  }
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = (event.data && event.data.json()) || {};
  } catch {
    // Not ours, or not JSON: still say something rather than nothing.
  }
  const submissionId = typeof data.submissionId === 'string' ? data.submissionId : '';
  event.waitUntil(
    (async () => {
      const path = (submissionId && (await takeReplyLink(submissionId))) || REPLY_FALLBACK_PATH;
      await self.registration.showNotification(typeof data.title === 'string' ? data.title : 'Your professor replied', {
        body: typeof data.body === 'string' ? data.body : '',
        tag: `reply-${submissionId}`,
        data: { url: new URL(path, self.location.origin).href },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data && event.notification.data.url;
  if (typeof url !== 'string') return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === url);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    })(),
  );
});
