import { messageText, problems, sessionMessages } from '@tanqin/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem } from '../../test/mock-api.tsx';
import { renderOrgAuth } from './testing.tsx';

const LOGIN = 'POST /api/v1/auth/login';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.access';

const loginAnswer = () =>
  json(200, {
    success: true,
    message: 'Login successful',
    token: TOKEN,
    access_token: TOKEN,
    expires_in: 900,
    user: {
      id: 'usr_1',
      email: 'admin@health.example.sa',
      first_name: 'نورة',
      last_name: 'القحطاني',
    },
    organization: {
      id: 'org_1',
      name: 'هيئة الصحة الرقمية',
      type: 'government',
      email: 'info@health.example.sa',
      client_id: 'tq_client_0123456789ab',
      created_at: '2025-03-05T10:00:00.000Z',
      role: 'owner',
    },
  });

const emailField = () => screen.getByLabelText('البريد الإلكتروني للجهة');
const passwordField = () => screen.getByLabelText('كلمة المرور');
const submitButton = () => screen.getByRole('button', { name: 'تسجيل الدخول' });

async function logIn(user: UserEvent, password = 'Secret2025') {
  await user.type(emailField(), 'admin@health.example.sa');
  await user.type(passwordField(), password);
  await user.click(submitButton());
}

/** Lets the fake clock run `ms` and React settle what that time triggered. */
const passTime = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/**
 * Logs in under a fake clock. Testing Library's async helpers wait on a real timer that only
 * Jest's fake clock advances, so these steps use synchronous events, then let time pass.
 */
async function logInOnFakeClock() {
  fireEvent.change(emailField(), { target: { value: 'admin@health.example.sa' } });
  fireEvent.change(passwordField(), { target: { value: 'Secret2025' } });
  fireEvent.click(submitButton());
  await passTime(10);
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('organisation login form', () => {
  it('says why it is shown when the session ended, once', async () => {
    mockApi({});
    sessionStorage.setItem('session_ended', '1');
    const first = renderOrgAuth(['/org-auth?tab=login&redirect=%2Forg-dashboard']);
    expect(await screen.findByText(sessionMessages.ended.ar)).toBeVisible();
    first.unmount();
    renderOrgAuth(['/org-auth?tab=login']);
    await screen.findByLabelText('البريد الإلكتروني للجهة');
    expect(screen.queryByText(sessionMessages.ended.ar)).not.toBeInTheDocument();
  });

  it('has an email-type field and a password field, both required', async () => {
    const { callsTo } = mockApi({});
    const user = userEvent.setup();
    renderOrgAuth(['/org-auth?tab=login']);

    expect(emailField()).toHaveAttribute('type', 'email');
    expect(emailField()).toHaveAttribute('autocomplete', 'username');
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(passwordField()).toHaveAttribute('autocomplete', 'current-password');

    await user.click(submitButton());
    expect(emailField()).toHaveAccessibleDescription('البريد الإلكتروني مطلوب');
    expect(passwordField()).toHaveAccessibleDescription('كلمة المرور مطلوبة');
    expect(emailField()).toHaveFocus();

    await user.type(emailField(), 'admin@');
    expect(emailField()).toHaveAccessibleDescription('البريد الإلكتروني غير صالح');
    expect(callsTo(LOGIN)).toHaveLength(0);
  });

  it('disables the button and reads "جارٍ تسجيل الدخول..." while waiting', async () => {
    const { callsTo } = mockApi({ [LOGIN]: () => new Promise<Response>(() => {}) });
    const user = userEvent.setup();
    renderOrgAuth(['/org-auth?tab=login']);

    await logIn(user);

    expect(await screen.findByRole('button', { name: 'جارٍ تسجيل الدخول...' })).toBeDisabled();
    expect(JSON.parse(String(callsTo(LOGIN)[0]![1]!.body))).toEqual({
      email: 'admin@health.example.sa',
      password: 'Secret2025',
    });
  });

  it('keeps the token under org_token and goes to the dashboard 1.5 seconds later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mockApi({ [LOGIN]: loginAnswer });
    const { router } = renderOrgAuth(['/org-auth?tab=login']);

    await logInOnFakeClock();

    expect(screen.getByRole('status')).toHaveTextContent('تم تسجيل الدخول بنجاح!');
    expect(screen.getByRole('status')).toHaveClass('text-green-800');
    expect(localStorage.getItem('org_token')).toBe(TOKEN);
    expect(submitButton()).toBeDisabled();

    await passTime(1480);
    expect(router.state.location.pathname).toBe('/org-auth');
    await passTime(20);
    expect(router.state.location.pathname).toBe('/org-dashboard');
    expect(screen.getByText('dashboard page')).toBeInTheDocument();
  });

  it('goes to the redirect query after login when it is a path on this site', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mockApi({ [LOGIN]: loginAnswer });
    const { router } = renderOrgAuth(['/org-auth?tab=login&redirect=%2Fdocumentation%3Fguide%3D2']);

    await logInOnFakeClock();
    await passTime(1500);

    expect(router.state.location.pathname).toBe('/documentation');
    expect(router.state.location.search).toBe('?guide=2');
  });

  it('ignores a redirect to another site and goes to the dashboard', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mockApi({ [LOGIN]: loginAnswer });
    const { router } = renderOrgAuth(['/org-auth?redirect=%2F..%2F%2Fevil.example%2Fphish']);

    await logInOnFakeClock();
    await passTime(1500);

    expect(router.state.location.pathname).toBe('/org-dashboard');
  });

  it('shows the server message in red on a wrong password, without refreshing the session', async () => {
    const { fetchMock } = mockApi({
      [LOGIN]: () =>
        problem(401, 'invalid_credentials', {
          detail: 'Invalid email or password',
          detail_ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
        }),
    });
    const user = userEvent.setup();
    const { router } = renderOrgAuth(['/org-auth?tab=login']);

    await logIn(user, 'Wrong2025');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('البريد الإلكتروني أو كلمة المرور غير صحيحة');
    expect(alert).toHaveClass('text-red-800');
    expect(screen.queryByText('Invalid email or password')).not.toBeInTheDocument();
    // A login 401 is an answer, not an expired session: no refresh, no trip to /login.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/org-auth');
    expect(localStorage.getItem('org_token')).toBeNull();
    expect(submitButton()).toBeEnabled();
    expect(passwordField()).toHaveValue('Wrong2025');
  });

  it('shows the lockout message of the shared problem table after repeated failures', async () => {
    mockApi({ [LOGIN]: () => problem(429, 'account_locked') });
    const user = userEvent.setup();
    renderOrgAuth(['/org-auth?tab=login']);

    await logIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(problems.account_locked.ar);
  });

  it.each([
    [
      'a refusal with a code it does not know',
      () => problem(401, 'unknown_refusal'),
      'فشل تسجيل الدخول، تحقق من البريد الإلكتروني وكلمة المرور',
    ],
    [
      'an answer without a token',
      () => json(200, { success: true, requires2FA: true }),
      'فشل تسجيل الدخول، تحقق من البريد الإلكتروني وكلمة المرور',
    ],
    [
      'no answer at all',
      () => Promise.reject(new TypeError('Failed to fetch')),
      messageText('networkUnavailable'),
    ],
  ])('falls back to an Arabic message for %s', async (_case, respond, message) => {
    mockApi({ [LOGIN]: respond });
    const user = userEvent.setup();
    renderOrgAuth(['/org-auth?tab=login']);

    await logIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(localStorage.getItem('org_token')).toBeNull();
  });

  it('clears the failure message when the user tries again', async () => {
    let isWrong = true;
    mockApi({
      [LOGIN]: () =>
        isWrong
          ? problem(401, 'invalid_credentials', {
              detail_ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
            })
          : new Promise<Response>(() => {}),
    });
    const user = userEvent.setup();
    renderOrgAuth(['/org-auth?tab=login']);

    await logIn(user, 'Wrong2025');
    await screen.findByRole('alert');
    isWrong = false;
    await user.click(submitButton());

    expect(await screen.findByRole('button', { name: 'جارٍ تسجيل الدخول...' })).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('still shows the form to someone holding org_token, with a way to the dashboard', () => {
    localStorage.setItem('org_token', 'existing');
    mockApi({});
    renderOrgAuth(['/org-auth?tab=login']);

    expect(screen.getByText('لديك جلسة دخول قائمة على هذا المتصفح.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'الانتقال إلى لوحة التحكم' })).toHaveAttribute(
      'href',
      '/org-dashboard',
    );
    expect(emailField()).toBeInTheDocument();
  });
});
