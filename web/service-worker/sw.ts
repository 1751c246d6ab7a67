/// <reference lib="webworker" />
// ClassPulse's service worker, served at /sw.js: vite-plugin-pwa builds it from this file and writes
// the build's list of files in place of self.__WB_MANIFEST (web/scripts/service-worker.ts).
// docs/decisions/service-worker.md.
import { type PrecacheEntry, cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { StudentPage } from '../src/student/page.ts';
import { STUDENT_PAGES } from '../src/student/pages.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// Reply notifications (the push and the click on it): a file of its own, which `npm start` serves as /sw.js alone.
importScripts('/reply-push-sw.js');

// A new deploy takes over as soon as it is installed rather than when every tab of the old one has
// closed (on a phone, maybe never): the next page opened is the new deploy's.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// The student pages' code (hashed names) and HTML (listed with a hash of their content, so
// a deploy that changes one fetches it again), answered from the device. A query string never names
// another file: `/submit?courseId=…` is submit.html. Nothing of another origin (the API) is touched.
const precached = self.__WB_MANIFEST;
precacheAndRoute(precached, { ignoreURLParametersMatching: [/./] });
cleanupOutdatedCaches();

// Addresses without a file of their own, as the host answers them: a course's with course.html, a
// class link's with class.html, a private link's with track.html (web/src/student/pages.ts), every
// other address that is no file (the professor app's pages) with app.html.
for (const { file, addresses } of STUDENT_PAGES as readonly StudentPage[]) {
  if (addresses && precached.some((entry) => (typeof entry === 'string' ? entry : entry.url) === file)) {
    registerRoute(new NavigationRoute(createHandlerBoundToURL(`/${file}`), { allowlist: [addresses] }));
  }
}
registerRoute(new NavigationRoute(createHandlerBoundToURL('/app.html'), { denylist: [/\/[^/]+\.[a-z0-9]+$/i] }));
