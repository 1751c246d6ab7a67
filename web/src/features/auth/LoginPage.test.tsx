// /api/login, the professor's sign-in, with the auth façade answering as the test says (no stack):
// the e-mail step and its checks, the code step (a wrong code, a new code, another address), the
// OAuth buttons, a magic link's return, and a visitor who is already signed in.
import { AuthApiError } from '@supabase/supabase-js';
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, fromAuthError } from '../../lib/errors';
import type { AuthUser } from '../../shared/api/current-user';
import { toaster } from '../../shared/ui/toaster';
import { expectNoSeriousA11yViolations } from '../../test/axe';
import { renderInApp, screen } from '../../test/renderInApp';
import type { AuthProvider } from './authProviders';

const currentUser = vi.hoisted(() => vi.fn<() => Promise<AuthUser | null>>());
const sendSignInEmail = vi.hoisted(() => vi.fn());
const verifySignInCode = vi.hoisted(() => vi.fn());
const signInWithProvider = vi.hoisted(() => vi.fn());
const finishRedirectSignIn = vi.hoisted(() => vi.fn());
const providers = vi.hoisted((): AuthProvider[] => []);

vi.mock('../../shared/api/get-current-user', async (original) => ({ ...(await original<object>()), getCurrentUser: currentUser }));
vi.mock('./api/send-sign-in-email', async (original) => ({ ...(await original<object>()), sendSignInEmail }));
vi.mock('./api/verify-sign-in-code', async (original) => ({ ...(await original<object>()), verifySignInCode }));
vi.mock('./api/sign-in-with-provider', async (original) => ({ ...(await original<object>()), signInWithProvider }));
vi.mock('./api/finish-redirect-sign-in', async (original) => ({ ...(await original<object>()), finishRedirectSignIn }));
vi.mock('./authProviders', async (original) => ({ ...(await original<object>()), authProviders: providers }));

const { LoginPage } = await import('./LoginPage');

const PROFESSOR: AuthUser = { id: 'u1', email: 'ada@uni.edu', firstName: 'Ada', lastName: null, profileImageUrl: null };
/** The auth server's answer to a wrong or used code, as the façade throws it. */
const WRONG_CODE = fromAuthError(new AuthApiError('Token has expired or is invalid', 403, 'otp_expired'));

/** A promise the test settles when it has looked at the page meanwhile. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

let unmount: (() => Promise<void>) | undefined;
beforeEach(() => {
  currentUser.mockResolvedValue(null);
  sendSignInEmail.mockImplementation(async ({ email }: { email: string }) => ({ email }));
  verifySignInCode.mockResolvedValue({ signedIn: true });
  signInWithProvider.mockResolvedValue(null);
  finishRedirectSignIn.mockResolvedValue({ signedIn: true });
  providers.length = 0;
});
afterEach(async () => {
  await unmount?.();
  unmount = undefined;
  // The toaster is one for the app: the next test starts with none shown or queued.
  toaster.remove();
  vi.clearAllMocks();
  window.history.replaceState(null, '', '/');
});

/** Opens `url` (the sign-in screen, with its query and fragment) in a router with the pages sign-in leads to. */
async function show(url = '/api/login') {
  window.history.replaceState(null, '', url);
  const router = createMemoryRouter(
    [
      { path: '/api/login', element: <LoginPage /> },
      { path: '/professor', element: <h1>Course Management</h1> },
      { path: '/professor/dashboard', element: <h1>Feedback Dashboard</h1> },
      { path: '/course-search', element: <h1>Find Your Course</h1> },
    ],
    { initialEntries: [url] },
  );
  ({ unmount } = await renderInApp(<RouterProvider router={router} />));
  return router;
}

const heading = () => screen.getByRole('heading', { level: 1 });
const emailField = () => screen.getByLabelText('E-mail address') as HTMLInputElement;
const codeField = () => screen.getByLabelText('Sign-in code') as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
/** The error box titled "Sign-in problem", with its sentence: an alert, so a screen reader says it when it appears. */
const problem = async () => {
  const alerts = await screen.findAllByRole('alert');
  const alert = alerts.find((element) => element.textContent?.includes('Sign-in problem'));
  expect(alert, 'an alert titled "Sign-in problem"').toBeDefined();
  return alert!;
};

/** Asks for a code for `email` and waits for the code step. */
async function askForCode(user: ReturnType<typeof userEvent.setup>, email = 'ada@uni.edu') {
  await user.type(emailField(), email);
  await user.click(button('Send sign-in code'));
  await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' });
}

describe('LoginPage: the e-mail step', () => {
  it('asks for an e-mail address, with a word to students and no OAuth button when none is configured', async () => {
    await show();
    expect(heading().textContent).toBe('Professor Sign In');
    expect(document.title).toBe('Sign In · ClassPulse');
    expect(
      screen.getByText(
        "Enter your e-mail address. We'll send you a 6-digit sign-in code and a sign-in link, so you don't need a password.",
      ),
    ).toBeTruthy();
    expect(emailField().type).toBe('email');
    expect(emailField().placeholder).toBe('you@university.edu');
    expect(button('Send sign-in code')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Continue with/ })).toBeNull();
    expect(screen.queryByText('Sign-in problem')).toBeNull();
    expect(screen.getByText("Students don't need an account.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find your course' }).getAttribute('href')).toBe('/course-search');
  });

  it.each([
    ['nothing', ''],
    ['no domain', 'ada@uni'],
    ['a space', 'ada lovelace@uni.edu'],
    ['no @', 'ada.uni.edu'],
  ])('refuses an address with %s, without sending anything', async (_, address) => {
    await show();
    const user = userEvent.setup();
    if (address) await user.type(emailField(), address);
    await user.click(button('Send sign-in code'));
    const alert = await problem();
    expect(within(alert).getByText('Please enter a valid e-mail address')).toBeTruthy();
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(heading().textContent).toBe('Professor Sign In');
    expect(sendSignInEmail).not.toHaveBeenCalled();
  });

  it('sends the code to the address as typed; the button says so meanwhile', async () => {
    const sent = deferred<{ email: string }>();
    sendSignInEmail.mockReturnValue(sent.promise);
    await show();
    const user = userEvent.setup();
    await user.click(button('Send sign-in code'));
    await problem();
    await user.type(emailField(), 'Ada.Lovelace@Uni.edu');
    await user.keyboard('{Enter}');
    expect(sendSignInEmail).toHaveBeenCalledWith({ email: 'Ada.Lovelace@Uni.edu' });
    // The earlier error goes as soon as the address is sent.
    expect(screen.queryByText('Sign-in problem')).toBeNull();
    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);

    sent.resolve({ email: 'Ada.Lovelace@Uni.edu' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeTruthy();
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('We sent a sign-in e-mail to Ada.Lovelace@Uni.edu.');
    expect(within(status).getByText('Ada.Lovelace@Uni.edu').tagName).toBe('STRONG');
    expect(
      within(status).getByText(
        'Type the 6-digit code below, or open the link in the e-mail on this device. The code and the link work once and expire soon.',
      ),
    ).toBeTruthy();
    expect(codeField().value).toBe('');
    expect(codeField().getAttribute('autocomplete')).toBe('one-time-code');
    expect(button('Sign In')).toBeTruthy();
    expect(button('Send a new code')).toBeTruthy();
    expect(button('Use a different e-mail')).toBeTruthy();
    expect(screen.queryByLabelText('E-mail address')).toBeNull();
  });

  it('shows a refusal to send in the server’s words, and stays on the e-mail step', async () => {
    sendSignInEmail.mockRejectedValue(
      fromAuthError(
        new AuthApiError('For security purposes, you can only request this after 42 seconds.', 429, 'over_email_send_rate_limit'),
      ),
    );
    await show();
    const user = userEvent.setup();
    await user.type(emailField(), 'ada@uni.edu');
    await user.click(button('Send sign-in code'));
    const alert = await problem();
    expect(within(alert).getByText('For security purposes, you can only request this after 42 seconds.')).toBeTruthy();
    expect(heading().textContent).toBe('Professor Sign In');
    expect(emailField().value).toBe('ada@uni.edu');
    expect(button('Send sign-in code').disabled).toBe(false);
    expect(screen.queryByRole('link', { name: 'Go to the course search' })).toBeNull();
  });

  it('says the e-mail could not be sent when the failure has no words of its own', async () => {
    sendSignInEmail.mockRejectedValue('offline');
    await show();
    const user = userEvent.setup();
    await user.type(emailField(), 'ada@uni.edu');
    await user.click(button('Send sign-in code'));
    const alert = await problem();
    expect(within(alert).getByText('Could not send the sign-in e-mail. Please try again.')).toBeTruthy();
  });

  it('sends an address outside the staff domains to the course search', async () => {
    const refusal = 'ClassPulse here is for staff of example.edu and uni.edu. Students never need to sign in: use the course search page.';
    sendSignInEmail.mockRejectedValue(fromAuthError(new AuthApiError(refusal, 403, 'unexpected_failure')));
    const router = await show();
    const user = userEvent.setup();
    await user.type(emailField(), 'student@gmail.com');
    await user.click(button('Send sign-in code'));
    const alert = await problem();
    expect(alert.textContent).toContain(refusal);
    const link = within(alert).getByRole('link', { name: 'Go to the course search' });
    expect(link.getAttribute('href')).toBe('/course-search');

    // Another answer to the next attempt takes the link away with the refusal.
    sendSignInEmail.mockRejectedValueOnce(new ApiError(400, 'Please enter a valid e-mail address'));
    await user.click(button('Send sign-in code'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Go to the course search' })).toBeNull());
    expect(within(await problem()).getByText('Please enter a valid e-mail address')).toBeTruthy();

    sendSignInEmail.mockRejectedValueOnce(fromAuthError(new AuthApiError(refusal, 403, 'unexpected_failure')));
    await user.click(button('Send sign-in code'));
    await user.click(await screen.findByRole('link', { name: 'Go to the course search' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Find Your Course' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/course-search');
  });
});

describe('LoginPage: the code step', () => {
  it('refuses anything but six digits without asking the server; letters cannot be typed, spaces can', async () => {
    await show();
    const user = userEvent.setup();
    await askForCode(user);
    await user.click(button('Sign In'));
    expect(within(await problem()).getByText('Please enter the 6-digit code from the e-mail')).toBeTruthy();
    expect(codeField().getAttribute('aria-invalid')).toBe('true');

    await user.type(codeField(), '12a34-5');
    expect(codeField().value).toBe('12345');
    await user.click(button('Sign In'));
    expect(within(await problem()).getByText('Please enter the 6-digit code from the e-mail')).toBeTruthy();
    expect(verifySignInCode).not.toHaveBeenCalled();

    await user.clear(codeField());
    await user.type(codeField(), '123 456');
    expect(codeField().value).toBe('123 456');
    await user.click(button('Sign In'));
    await waitFor(() => expect(verifySignInCode).toHaveBeenCalledWith({ email: 'ada@uni.edu', code: '123 456' }));
  });

  it('shows a wrong code as an error, keeps the step, and can start over with another address', async () => {
    verifySignInCode.mockRejectedValue(WRONG_CODE);
    await show();
    const user = userEvent.setup();
    await askForCode(user, 'wrong-code@example.edu');
    expect(screen.getByRole('status').textContent).toContain('We sent a sign-in e-mail to');
    await expectNoSeriousA11yViolations(document.body);
    await user.type(codeField(), '000000');
    await user.click(button('Sign In'));
    const alert = await problem();
    expect(within(alert).getByText('Token has expired or is invalid')).toBeTruthy();
    expect(verifySignInCode).toHaveBeenCalledWith({ email: 'wrong-code@example.edu', code: '000000' });
    expect(heading().textContent).toBe('Check your e-mail');
    expect(codeField().value).toBe('000000');
    expect(button('Sign In').disabled).toBe(false);

    await user.click(button('Use a different e-mail'));
    expect(heading().textContent).toBe('Professor Sign In');
    expect(screen.queryByText('Sign-in problem')).toBeNull();
    expect(emailField().value).toBe('wrong-code@example.edu');
    expect(emailField().getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByLabelText('Sign-in code')).toBeNull();

    // The other address gets a code step of its own.
    await user.clear(emailField());
    await askForCode(user, 'grace@uni.edu');
    expect(screen.getByRole('status').textContent).toContain('We sent a sign-in e-mail to grace@uni.edu.');
    expect(codeField().value).toBe('');
  });

  it('says sign-in failed when the failure has no words of its own', async () => {
    verifySignInCode.mockRejectedValue('offline');
    await show();
    const user = userEvent.setup();
    await askForCode(user);
    await user.type(codeField(), '123456');
    await user.click(button('Sign In'));
    expect(within(await problem()).getByText('Sign-in failed. Please try again.')).toBeTruthy();
  });

  it('signs in with the right code and opens Course Management; every button waits meanwhile', async () => {
    const verified = deferred<{ signedIn: true }>();
    verifySignInCode.mockReturnValue(verified.promise);
    const router = await show();
    const user = userEvent.setup();
    await askForCode(user);
    await user.type(codeField(), '123456{Enter}');
    const signingIn = (await screen.findByRole('button', { name: 'Signing in...' })) as HTMLButtonElement;
    expect(signingIn.disabled).toBe(true);
    expect(button('Send a new code').disabled).toBe(true);
    expect(button('Use a different e-mail').disabled).toBe(true);

    currentUser.mockResolvedValue(PROFESSOR);
    verified.resolve({ signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Course Management' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/professor');
    // Replaced, not pushed: "Back" does not return to the sign-in screen.
    expect(router.state.historyAction).toBe('REPLACE');
    // Who is signed in was asked again once the session started.
    expect(currentUser).toHaveBeenCalledTimes(2);
  });

  it('opens the professor page a sign-in link named (?next=), and only a professor page', async () => {
    let router = await show('/api/login?next=%2Fprofessor%2Fdashboard%3FcourseId%3Dc1');
    let user = userEvent.setup();
    await askForCode(user);
    await user.type(codeField(), '123456{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Feedback Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/professor/dashboard?courseId=c1');
    await unmount?.();

    router = await show('/api/login?next=https%3A%2F%2Fevil.example%2Fprofessor');
    user = userEvent.setup();
    await askForCode(user);
    await user.type(codeField(), '123456{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Course Management' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/professor');
  });

  it('"Send a new code" sends the same address again, says so, and empties the code field', async () => {
    await show();
    const user = userEvent.setup();
    await askForCode(user);
    expect(screen.queryByText('We sent a new e-mail.')).toBeNull();
    await user.type(codeField(), '12');
    await user.click(button('Send a new code'));
    const status = screen.getByRole('status');
    expect(await within(status).findByText('We sent a new e-mail.')).toBeTruthy();
    expect(sendSignInEmail).toHaveBeenCalledTimes(2);
    expect(sendSignInEmail).toHaveBeenLastCalledWith({ email: 'ada@uni.edu' });
    expect(codeField().value).toBe('');
    expect(heading().textContent).toBe('Check your e-mail');

    // The notice goes once a code is tried.
    verifySignInCode.mockRejectedValue(WRONG_CODE);
    await user.type(codeField(), '000000{Enter}');
    await problem();
    expect(screen.queryByText('We sent a new e-mail.')).toBeNull();
  });

  it('shows the server’s limit on new codes as an error, and stays on the code step', async () => {
    await show();
    const user = userEvent.setup();
    await askForCode(user);
    sendSignInEmail.mockRejectedValue(
      fromAuthError(
        new AuthApiError('For security purposes, you can only request this after 58 seconds.', 429, 'over_email_send_rate_limit'),
      ),
    );
    await user.click(button('Send a new code'));
    const alert = await problem();
    expect(within(alert).getByText('For security purposes, you can only request this after 58 seconds.')).toBeTruthy();
    expect(screen.queryByText('We sent a new e-mail.')).toBeNull();
    expect(heading().textContent).toBe('Check your e-mail');
    expect(screen.getByRole('status').textContent).toContain('We sent a sign-in e-mail to ada@uni.edu.');
    expect(button('Send a new code').disabled).toBe(false);
  });
});

describe('LoginPage: OAuth providers', () => {
  it('offers a button per configured provider, which leaves for the provider', async () => {
    providers.push({ id: 'google', label: 'Google' }, { id: 'azure', label: 'Microsoft' });
    const left = deferred<null>();
    signInWithProvider.mockReturnValue(left.promise);
    await show();
    const user = userEvent.setup();
    expect(screen.getAllByRole('button', { name: /^Continue with/ }).map((each) => each.textContent)).toEqual([
      'Continue with Google',
      'Continue with Microsoft',
    ]);
    await user.click(button('Continue with Microsoft'));
    expect(signInWithProvider).toHaveBeenCalledWith({ provider: 'azure' });
    await waitFor(() => expect(button('Continue with Google').disabled).toBe(true));
    expect(button('Continue with Microsoft').disabled).toBe(true);
    left.resolve(null);
  });

  it('shows a provider’s refusal, or that sign-in failed, and lets the visitor try again', async () => {
    providers.push({ id: 'github', label: 'GitHub' });
    signInWithProvider.mockRejectedValueOnce(
      fromAuthError(new AuthApiError('Unsupported provider: provider is not enabled', 400, 'validation_failed')),
    );
    await show();
    const user = userEvent.setup();
    await user.click(button('Continue with GitHub'));
    expect(within(await problem()).getByText('Unsupported provider: provider is not enabled')).toBeTruthy();
    expect(button('Continue with GitHub').disabled).toBe(false);

    signInWithProvider.mockRejectedValueOnce('offline');
    await user.click(button('Continue with GitHub'));
    expect(within(await problem()).getByText('Sign-in failed. Please try again.')).toBeTruthy();
  });
});

describe('LoginPage: back from a sign-in link or provider', () => {
  it.each([
    ['a magic link or provider (?code=)', '/api/login?code=pkce-code'],
    ['an invitation (#access_token=)', '/api/login#access_token=a&refresh_token=r&type=invite'],
  ])('signs in on the return from %s', async (_, url) => {
    const finished = deferred<{ signedIn: boolean }>();
    finishRedirectSignIn.mockReturnValue(finished.promise);
    const router = await show(url);
    expect(heading().textContent).toBe('Professor Sign In');
    expect(screen.getByRole('status').textContent).toBe('Signing you in...');
    expect(screen.queryByLabelText('E-mail address')).toBeNull();

    currentUser.mockResolvedValue(PROFESSOR);
    finished.resolve({ signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Course Management' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/professor');
    expect(finishRedirectSignIn).toHaveBeenCalledTimes(1);
  });

  it('says a link that gave no session could not be used, and asks for the address again', async () => {
    finishRedirectSignIn.mockResolvedValue({ signedIn: false });
    await show('/api/login?code=used');
    const alert = await problem();
    expect(within(alert).getByText('This sign-in link could not be used. Please ask for a new one.')).toBeTruthy();
    expect(emailField()).toBeTruthy();
    expect(screen.queryByText('Signing you in...')).toBeNull();
    // The address bar loses the used code, so a reload does not try it again.
    expect(window.location.pathname + window.location.search).toBe('/api/login');
  });

  it.each([
    [
      'in the auth server’s words',
      fromAuthError(new AuthApiError('Email link is invalid or has expired', 403, 'otp_expired')),
      'Email link is invalid or has expired',
    ],
    ['as unusable when the failure has no words', 'offline', 'This sign-in link could not be used. Please ask for a new one.'],
  ])('shows a link the auth server refused %s', async (_, failure, text) => {
    finishRedirectSignIn.mockRejectedValue(failure);
    await show('/api/login?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');
    expect(within(await problem()).getByText(text)).toBeTruthy();
    expect(emailField()).toBeTruthy();
    expect(window.location.search).toBe('');
  });
});

describe('LoginPage: a visitor already signed in', () => {
  it('goes straight on to Course Management', async () => {
    currentUser.mockResolvedValue(PROFESSOR);
    const router = await show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Course Management' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/professor');
  });

  it('sees the form while who is signed in is still being checked', async () => {
    currentUser.mockReturnValue(new Promise(() => {}));
    await show();
    expect(heading().textContent).toBe('Professor Sign In');
    expect(emailField()).toBeTruthy();
  });
});
