// Helpers for the student forms' specs.
import { type Locator, type Page, expect } from '@playwright/test';

/** Each of `messages` is shown in `form`, word for word (a form's validation messages). */
export async function expectMessages(form: Locator, messages: string[]): Promise<void> {
  for (const message of messages) await expect(form.getByText(message, { exact: true })).toBeVisible();
}

/** Answers of Session Feedback (Variant B); a field left out keeps what it holds. */
export interface SessionAnswers {
  mind?: string;
  unclear?: string;
  wentWell?: string;
  pace?: string;
  challenge?: string;
}

/** Answers Session Feedback field by field, as a student would, in `form` (the form, or the page that holds it). */
export async function fillSessionFeedback(form: Page | Locator, answers: SessionAnswers): Promise<void> {
  if (answers.mind !== undefined) await form.getByLabel("What's on your mind after this session?").fill(answers.mind);
  if (answers.unclear !== undefined) await form.getByLabel('What parts were unclear?').fill(answers.unclear);
  if (answers.wentWell !== undefined) await form.getByLabel('What went well?').fill(answers.wentWell);
  if (answers.pace !== undefined) await form.getByLabel('How was the pace?').selectOption(answers.pace);
  if (answers.challenge !== undefined) await form.getByLabel('How challenging was it?').selectOption(answers.challenge);
}

/**
 * The form's island has hydrated: until then the form is its HTML, posted by the browser itself to
 * the submissions function; once the island runs it sends with fetch and has no action of its own.
 * Not for Session Feedback's form, which hydrates at its first use after the page's script has run:
 * filled in before that, it waits for another use (startUsingForm).
 */
export async function expectFormHydrated(form: Locator): Promise<void> {
  await expect(form).not.toHaveAttribute('action', { timeout: 20_000 });
}

/**
 * A student's first tap into the form's first field, which hydrates a form hydrated on first use
 * (Session Feedback's: docs/decisions/first-paint.md); tapped again until the page's script has come
 * and the form has hydrated.
 */
export async function startUsingForm(form: Locator): Promise<void> {
  await expect(async () => {
    await form.getByRole('textbox').first().click();
    await expect(form).not.toHaveAttribute('action', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** Whether the form's island has hydrated yet (see expectFormHydrated). */
export const formHydrated = (form: Locator): Promise<boolean> => form.evaluate((element) => !element.hasAttribute('action'));

/**
 * The forms' validation code (zod and the shared schemas) is on the phone, every module of it: it
 * is fetched when a field of a form first has focus, and a submit made offline needs it already.
 * Its first module shows in the page's resource timing as soon as that file has come, while the
 * modules it imports may still be on their way (a submit made offline then could not check the form:
 * so it failed once under load). Importing it again in the page settles only once all of them have
 * come, and fetches nothing twice (the page's module map holds them).
 */
export async function expectValidationLoaded(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const modules = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => /\/schemas(-[\w-]+)?\.(js|ts)(\?|$)/.test(name));
        if (modules.length === 0) return false;
        await Promise.all(modules.map((url) => import(/* @vite-ignore */ url)));
        return true;
      }),
    )
    .toBe(true);
}
