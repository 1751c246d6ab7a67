/// <reference lib="webworker" />
// ClassPulse's service worker, served at /sw.js: vite-plugin-pwa builds it from this file and writes
// the build's list of files in place of self.__WB_MANIFEST (web/scripts/service-worker.ts).
// docs/decisions/service-worker.md.
import { type PrecacheEntry, cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { StudentPage } from '../src/student/page.ts';
import { STUDENT_PAGES } from '../src/student/pages.ts';
import { addressOf, asServedPageOf, asServedPages, copiesCacheName, isOtherBuildsCopies, keepAsServed, servedToday } from './asServed.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// Reply notifications (the push and the click on it): a file of its own, which `npm start` serves as /sw.js alone.
importScripts('/reply-push-sw.js');

const precached = self.__WB_MANIFEST;
const isPrecached = (file: string) => precached.some((entry) => (typeof entry === 'string' ? entry : entry.url) === file);
const COPIES = copiesCacheName(precached);
const AS_SERVED = asServedPages(STUDENT_PAGES, isPrecached);

// A new deploy takes over as soon as it is installed rather than when every tab of the old one has
// closed (on a phone, maybe never): the next page opened is the new deploy's.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(takeOver()));

/**
 * Takes the open pages over and drops the last deploy's copies; then keeps a copy of each open page
 * the host writes into, outside the activation, which would hold those pages' next requests until
 * the host had answered.
 */
async function takeOver() {
  await self.clients.claim();
  for (const name of await caches.keys()) if (isOtherBuildsCopies(name, COPIES)) await caches.delete(name);
  void keepOpenPages();
}

async function keepOpenPages() {
  const copies = await caches.open(COPIES);
  for (const client of await self.clients.matchAll({ type: 'window' })) {
    if (asServedPageOf(client.url, AS_SERVED)) await keepAsServed(copies, addressOf(client.url), () => new Date());
  }
}

// The pages the host writes into for each request (a course's first screen, Session Feedback's
// notes): the day's copy of the address as the host served it, else the page's file; the host is
// asked again meanwhile, for the next visit. Before the precache's route, which would answer with
// the file alone.
for (const page of AS_SERVED) {
  registerRoute(
    new NavigationRoute(
      async ({ request, event }) => {
        const copies = await caches.open(COPIES);
        const address = addressOf(request.url);
        const copy = await copies.match(address);
        event.waitUntil(keepAsServed(copies, address, () => new Date()));
        if (copy && servedToday(copy, new Date())) return copy;
        return (await matchPrecache(`/${page.file}`)) ?? fetch(request);
      },
      { allowlist: [page.addresses] },
    ),
  );
}

// The student pages' code (hashed names) and HTML (listed with a hash of their content, so
// a deploy that changes one fetches it again), answered from the device. A query string never names
// another file: `/submit?courseId=…` is submit.html. Nothing of another origin (the API) is touched.
precacheAndRoute(precached, { ignoreURLParametersMatching: [/./] });
cleanupOutdatedCaches();

// Other addresses without a file of their own, as the host answers them: a private link's with
// track.html (web/src/student/pages.ts), every other address that is no file (the professor app's
// pages) with app.html.
for (const { file, addresses, keptAsServed } of STUDENT_PAGES as readonly StudentPage[]) {
  if (addresses && !keptAsServed && isPrecached(file)) {
    registerRoute(new NavigationRoute(createHandlerBoundToURL(`/${file}`), { allowlist: [addresses] }));
  }
}
registerRoute(new NavigationRoute(createHandlerBoundToURL('/app.html'), { denylist: [/\/[^/]+\.[a-z0-9]+$/i] }));
