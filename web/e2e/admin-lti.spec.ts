// /admin's learning platforms (LTI 1.3): an app owner registers a platform through the form (a bad
// e-mail domain is refused at its field first), sees it listed, changes it and removes it.
// The placeholder panel's own test (was admin.spec.ts) is web/src/features/admin/AdminPage.test.tsx.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expectToast, signInByCookie } from './support/professor';
import { db, stack } from './support/stack';

test('an app owner registers, edits and removes a learning platform', async ({ page, baseURL }) => {
  const owner = await signInByCookie(page.context(), baseURL!);
  await db().query('insert into public.app_owners (user_id) values ($1)', [owner.userId]);
  const tag = randomBytes(4).toString('hex');
  const name = `Canvas ${tag}`;
  const issuer = `https://canvas-${tag}.example.edu`;

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Learning platforms (LTI 1.3)' });
  await expect(section.getByRole('heading', { level: 2, name: 'Learning platforms (LTI 1.3)' })).toBeVisible();
  // The tool's addresses to paste into the LMS.
  for (const route of ['login', 'launch', 'jwks']) {
    await expect(section.getByText(`${stack().apiUrl}/functions/v1/lti/${route}`, { exact: true })).toBeVisible();
  }

  const form = page.getByRole('form', { name: 'Register a platform' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Issuer').fill(issuer);
  await form.getByLabel('Client ID').fill(`1000${tag}`);
  await form.getByLabel('Deployment IDs (one per line)').fill('1:abc\n2:def');
  await form.getByLabel('Authentication request URL').fill(`${issuer}/api/lti/authorize_redirect`);
  await form.getByLabel('Public keyset (JWKS) URL').fill(`${issuer}/api/lti/security/jwks`);
  await form.getByLabel('Access token URL').fill(`${issuer}/login/oauth2/token`);
  const domains = form.getByLabel('E-mail domains whose instructors may sign in (one per line)');
  await domains.fill('state.edu\nnot a domain');
  await form.getByRole('button', { name: 'Register Platform' }).click();
  await expect(form.getByText('Enter each e-mail domain on its own line, like state.edu')).toBeVisible();
  await expect(domains).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);

  await domains.fill('State.edu\ncs.state.edu');
  await form.getByRole('button', { name: 'Register Platform' }).click();
  await expectToast(page, 'Success', 'Platform registered');
  const row = section.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  for (const text of [issuer, `1000${tag}`, '1:abc, 2:def', 'state.edu, cs.state.edu']) await expect(row).toContainText(text);
  await expect(row.getByRole('cell').nth(5)).toHaveText('0');
  await expect(domains).toHaveValue('');

  // Edit: the form takes the platform's values and saves them back.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const editForm = page.getByRole('form', { name: 'Edit a platform' });
  await expect(editForm.getByLabel('Name')).toHaveValue(name);
  await expect(editForm.getByLabel('Deployment IDs (one per line)')).toHaveValue('1:abc\n2:def');
  await expect(editForm.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await editForm.getByLabel('Name').fill(`${name} (edited)`);
  await editForm.getByLabel('Deployment IDs (one per line)').fill('3:ghi');
  await editForm.getByRole('button', { name: 'Save Platform' }).click();
  // Focus is back on the Edit button that opened the form, after Save (checked before the toast's
  // close button takes it) and after Cancel.
  const edited = section.getByRole('row').filter({ hasText: `${name} (edited)` });
  const editAgain = edited.getByRole('button', { name: `Edit ${name} (edited)` });
  await expect(editAgain).toBeFocused();
  await expectToast(page, 'Success', 'Platform saved');
  await expect(edited).toContainText('3:ghi');
  await expect(page.getByRole('form', { name: 'Register a platform' })).toBeVisible();
  await editAgain.click();
  await page.getByRole('form', { name: 'Edit a platform' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('form', { name: 'Register a platform' })).toBeVisible();
  await expect(editAgain).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  // Remove, after the confirmation.
  await edited.getByRole('button', { name: `Remove ${name} (edited)` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Remove ${name} (edited)?` });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Remove Platform' }).click();
  await expectToast(page, 'Success', 'Platform removed');
  await expect(dialog).toBeHidden();
  await expect(section.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  const { rowCount } = await db().query('select 1 from private.lti_platforms where issuer = $1', [issuer]);
  expect(rowCount).toBe(0);
});

// A signed-in account that is not an app owner sees no learning platforms: web/src/features/admin/AdminPage.test.tsx
// (is_app_owner() answering such a professor: supabase/tests/rls.test.ts, "function matrix").
