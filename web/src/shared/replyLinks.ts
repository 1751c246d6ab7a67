// The private links of the submissions this device asked to be notified about, by submission id,
// in IndexedDB, where the service worker (public/reply-push-sw.js) reads them: a push carries the
// submission id only, and the worker opens the link kept here. It takes a link out once its push
// has come; turning notifications off removes it. Same database, store and key as the worker's.
const DB_NAME = 'classpulse-reply-links';
const STORE = 'links';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB is not available'));
  });
}

async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = action(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    });
  } finally {
    db.close();
  }
}

export const keepReplyLink = (submissionId: string, path: string) =>
  run('readwrite', (s) => s.put(path, submissionId)).then(() => undefined);
export const forgetReplyLink = (submissionId: string) => run('readwrite', (s) => s.delete(submissionId));
export const keptReplyLinks = () => run('readonly', (s) => s.count());
