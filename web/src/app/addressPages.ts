/**
 * Prerendered pages that answer a whole family of addresses, one file for every id in the path:
 * hosts answer those addresses with the file (docs/deploying.md), and so do `vite preview`, the
 * bench's host and the service worker. Plain data: the build's scripts and the worker read it.
 */
import { COURSE_PAGE_FILE, COURSE_PAGE_PATH } from './coursePageFile.ts';

/** `/class/{token}`, the class link a QR code opens: a light page (web/src/student/classLink.ts). */
export const CLASS_LINK_PAGE_FILE = 'class.html';
/** A class link's address, its token in the first group. */
export const CLASS_LINK_PAGE_PATH = /^\/class\/([^/]+)\/?$/;
/** Where class.html's first script leaves its read of the token (web/scripts/class-link-ask.ts). */
export const CLASS_LINK_ANSWER = '__classpulseClassLink';

/** `/track/{editToken}`, a student's private link to one submission: a light page (web/src/student/track.ts). */
export const TRACK_PAGE_FILE = 'track.html';
/** A private link's address, its edit token in the first group. */
export const TRACK_PAGE_PATH = /^\/track\/([^/]+)\/?$/;

export const ADDRESS_PAGES: readonly { file: string; path: RegExp }[] = [
  { file: COURSE_PAGE_FILE, path: COURSE_PAGE_PATH },
  { file: CLASS_LINK_PAGE_FILE, path: CLASS_LINK_PAGE_PATH },
  { file: TRACK_PAGE_FILE, path: TRACK_PAGE_PATH },
];

/** The file that answers `pathname`, when one answers a family of addresses. */
export function addressPageFile(pathname: string): string | undefined {
  return ADDRESS_PAGES.find(({ path }) => path.test(pathname))?.file;
}
