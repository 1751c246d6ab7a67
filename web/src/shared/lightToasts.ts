// Without React: the light pages' script (web/src/student/toast.ts) reads this too.
import { msg } from '../i18n/msg.ts';

/**
 * The toasts a light page shows itself (docs/decisions/light-student-pages.md, "Toasts"): the
 * build renders each, in each language, in the look of the app's toaster (shared/ui/ToastTemplate.tsx);
 * the app shows the same texts through `notify`. `{{code}}` and the like become `LIGHT_TOAST_MARK`.
 */
export const LIGHT_TOASTS = {
  courseNotFound: {
    type: 'error',
    title: msg('Course not found'),
    description: msg('No course found with code "{{code}}". Please check the course code and try again.'),
  },
  searchFailed: { type: 'error', title: msg('Error'), description: msg('Failed to find course. Please try again.') },
  meTooFailed: { type: 'error', title: msg('Error'), description: msg('Failed to update "Me too"') },
  copied: { type: 'success', title: msg('Copied!'), description: msg('Link copied to clipboard') },
  copyFailed: { type: 'error', title: msg('Error'), description: msg('Failed to copy to clipboard') },
  updateFailed: { type: 'error', title: msg('Error'), description: msg('Failed to update feedback') },
} as const;

export type LightToastName = keyof typeof LIGHT_TOASTS;

/** Stands for a toast's value (a course code) in its template; the script puts the value in as text. */
export const LIGHT_TOAST_MARK = '__TOAST_VALUE__';

export const toastTemplateId = (name: LightToastName, language: string) => `toast-${name}-${language}`;

/** A toast stays this long (ms), as the app's toaster (shared/ui/toaster.ts) keeps one. */
export const TOAST_DURATION = 5000;
