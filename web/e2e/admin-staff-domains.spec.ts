// /admin's "Who may sign in as a professor": an app owner lists example.edu (a bad domain is
// refused at its field first); a new gmail address is then refused on the sign-in page with the
// hook's message and gets no account; a new example.edu address signs in as a professor; the owner
// removes the domain again.
//
// Other tests run beside this one on the same stack and sign new accounts in. While example.edu
// is listed they still get theirs: every address they make is uniqueEmail()'s @example.edu (or a
// subdomain of it), and a domain covers its subdomains. The list is emptied after the test whatever
// happens (docs/decisions/staff-domains.md, "Testing it beside the other tests").
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expectToast, signInByCookie, signInWithCode, uniqueEmail } from './support/professor';
import { db } from './support/stack';

const REFUSAL = 'ClassPulse here is for staff of example.edu. Students never need to sign in: use the course search page.';

test.afterEach(async () => {
  await db().query('delete from private.staff_email_domains');
});

test('an app owner lets only example.edu sign in as a professor, then anyone again', async ({ page, browser, baseURL }) => {
  const owner = await signInByCookie(page.context(), baseURL!);
  await db().query('insert into public.app_owners (user_id) values ($1)', [owner.userId]);

  await page.goto('/admin');
  const section = page.getByRole('region', { name: 'Who may sign in as a professor' });
  await expect(section.getByRole('heading', { level: 2, name: 'Who may sign in as a professor' })).toBeVisible();
  await expect(section.getByText('No domain is listed: anyone may sign in as a professor.')).toBeVisible();

  const form = section.getByRole('form', { name: 'Add a staff e-mail domain' });
  const field = form.getByLabel('E-mail domain');
  await field.fill('not a domain');
  await form.getByRole('button', { name: 'Add Domain' }).click();
  await expect(form.getByText('Enter a domain like example.edu')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);

  await field.fill(' Example.EDU ');
  await form.getByRole('button', { name: 'Add Domain' }).click();
  await expectToast(page, 'Success', 'example.edu added');
  const list = section.getByRole('list', { name: 'Staff e-mail domains' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('example.edu');
  await expect(field).toHaveValue('');

  // Someone else, signed out, in a browser of their own.
  const visitor = await browser.newContext();
  try {
    const signIn = await visitor.newPage();
    const stranger = `stranger-${Date.now()}@gmail.com`;
    await signIn.goto('/api/login');
    await signIn.getByLabel('E-mail address').fill(stranger);
    await signIn.getByRole('button', { name: 'Send sign-in code' }).click();
    await expect(signIn.getByText('Sign-in problem')).toBeVisible();
    await expect(signIn.getByText(REFUSAL)).toBeVisible();
    await expect(signIn.getByRole('link', { name: 'Go to the course search' })).toHaveAttribute('href', '/course-search');
    await expect(signIn.getByRole('heading', { level: 1, name: 'Professor Sign In' })).toBeVisible();
    await expectNoSeriousA11yViolations(signIn);
    expect((await db().query('select 1 from auth.users where email = $1', [stranger])).rowCount).toBe(0);

    // A new address of the listed domain becomes a professor.
    const staff = await signInWithCode(signIn, uniqueEmail('staff'));
    expect((await db().query('select 1 from public.profiles where email = $1', [staff])).rowCount).toBe(1);
  } finally {
    await visitor.close();
  }

  await list.getByRole('button', { name: 'Remove example.edu' }).click();
  await expectToast(page, 'Success', 'example.edu removed');
  await expect(section.getByText('No domain is listed: anyone may sign in as a professor.')).toBeVisible();
});
