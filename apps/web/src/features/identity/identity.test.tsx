import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem, renderWithProviders } from '../../test/mock-api.tsx';
import { PersonalDashboardPage } from '../personal-dashboard/personal-dashboard-page.tsx';
import { IdentityCallbackPage } from './identity-callback-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const signedIn = () => localStorage.setItem('auth_token', 'personal-token');

describe('proving one identity', () => {
  it('says why the codes are hidden and sends the person to the identity provider', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = mockApi({
      'GET /api/v1/individuals/me/identity': () =>
        json(200, {
          proven: false,
          proven_at: null,
          provider: null,
          development_provider: true,
          locked: false,
          locked_at: null,
          unlock_needs_code: false,
        }),
      'POST /api/v1/individuals/me/identity/start': () =>
        json(200, { authorization_url: 'https://id.example.sa/auth?state=s' }),
    });
    signedIn();
    renderWithProviders(<PersonalDashboardPage />, { entries: ['/dashboard'] });
    await screen.findByRole('heading', { name: 'أثبت هويتك لترى رموزك' });
    expect(screen.getByText(/لا نعرض الرموز الصادرة لرقم هويتك/)).toBeInTheDocument();
    // No code metadata is asked for before the proof.
    expect(api.callsTo('GET /api/v1/me/codes')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'إثبات الهوية' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://id.example.sa/auth?state=s'),
    );
  });

  it('says so when the codes answer that the identity is not proven', async () => {
    mockApi({
      'GET /api/v1/individuals/me/identity': () =>
        json(200, {
          proven: true,
          proven_at: '2026-11-26T09:00:00.000Z',
          provider: 'https://id.example.sa',
          development_provider: false,
          locked: false,
          locked_at: null,
          unlock_needs_code: false,
        }),
      'GET /api/v1/me/codes': () => problem(403, 'identity_unverified'),
    });
    signedIn();
    renderWithProviders(<PersonalDashboardPage />, { entries: ['/dashboard'] });
    await screen.findByRole('button', { name: 'إثبات الهوية' });
  });

  it('locks the national id in one click and unlocks it with the password and 2FA code', async () => {
    const proven = {
      proven: true,
      proven_at: '2026-11-26T09:00:00.000Z',
      provider: 'https://id.example.sa',
      development_provider: false,
    };
    const api = mockApi({
      'GET /api/v1/individuals/me/identity': () =>
        json(200, { ...proven, locked: false, locked_at: null, unlock_needs_code: true }),
      'GET /api/v1/me/codes': () => json(200, { codes: [] }),
      'POST /api/v1/individuals/me/identity-lock': ({ body }) =>
        (body as { locked: boolean }).locked
          ? json(200, { success: true, locked: true, locked_at: '2026-11-26T10:00:00.000Z' })
          : json(200, { success: true, locked: false, locked_at: null }),
    });
    signedIn();
    renderWithProviders(<PersonalDashboardPage />, { entries: ['/dashboard'] });
    await screen.findByRole('heading', { name: 'رقم هويتك مفتوح' });
    await userEvent.click(screen.getByRole('button', { name: 'قفل رقم الهوية' }));
    await screen.findByRole('heading', { name: 'رقم هويتك مقفل' });
    expect(screen.getByText(/مقفل منذ 26 نوفمبر 2026/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'فتح القفل' }));
    const dialog = await screen.findByRole('dialog', { name: 'فتح قفل رقم الهوية' });
    const code = await within(dialog).findByLabelText('رمز التحقق بخطوتين');
    await userEvent.type(within(dialog).getByLabelText('كلمة المرور'), 'Secret123');
    await userEvent.type(code, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'فتح القفل' }));
    await screen.findByRole('heading', { name: 'رقم هويتك مفتوح' });
    expect(api.bodiesOf('POST /api/v1/individuals/me/identity-lock')).toEqual([
      { locked: true },
      { locked: false, password: 'Secret123', code: '123456' },
    ]);
  });

  it('hands the code and state to the server once and says the identity is proven', async () => {
    const api = mockApi({
      'POST /api/v1/individuals/me/identity/complete': () =>
        json(200, {
          success: true,
          identity: {
            proven: true,
            proven_at: '2026-11-26T09:00:00.000Z',
            provider: 'https://id.example.sa',
            development_provider: false,
          },
        }),
    });
    signedIn();
    renderWithProviders(<IdentityCallbackPage />, {
      entries: ['/identity/callback?code=abc&state=xyz&iss=https%3A%2F%2Fid.example.sa'],
    });
    await screen.findByRole('heading', { name: 'ثبتت هويتك' });
    expect(screen.getByRole('link', { name: 'عرض رموزي' })).toHaveAttribute('href', '/dashboard');
    const calls = api.callsTo('POST /api/v1/individuals/me/identity/complete');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({
      code: 'abc',
      state: 'xyz',
      iss: 'https://id.example.sa',
    });
  });

  it('explains a national id that does not match and offers to try again', async () => {
    mockApi({
      'POST /api/v1/individuals/me/identity/complete': () => problem(409, 'identity_mismatch'),
    });
    signedIn();
    renderWithProviders(<IdentityCallbackPage />, {
      entries: ['/identity/callback?code=abc&state=xyz'],
    });
    await screen.findByText('لم تثبت هويتك');
    expect(screen.getByText(/لا يطابق رقم الهوية المسجّل في حسابك/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'المحاولة مرة أخرى' })).toBeEnabled();
  });

  it('offers the proven national id in place of a mistyped one, and proves it on confirmation', async () => {
    const api = mockApi({
      'POST /api/v1/individuals/me/identity/complete': () => problem(409, 'identity_mismatch'),
      'GET /api/v1/individuals/me/identity': () =>
        json(200, {
          proven: false,
          proven_at: null,
          provider: null,
          development_provider: false,
          locked: false,
          locked_at: null,
          unlock_needs_code: false,
          correction: {
            typed_last4: '1234',
            proven_last4: '5678',
            expires_at: '2026-11-26T09:10:00.000Z',
          },
        }),
      'POST /api/v1/individuals/me/identity/correction': () =>
        json(200, { success: true, identity: { proven: true, correction: null } }),
    });
    signedIn();
    renderWithProviders(<IdentityCallbackPage />, {
      entries: ['/identity/callback?code=abc&state=xyz'],
    });
    await screen.findByRole('heading', {
      name: 'رقم الهوية الذي أثبته مزوّد الهوية يختلف عمّا كتبته',
    });
    expect(
      screen.getByText(/ينتهي بـ 5678، وكتبتَ عند التسجيل رقماً ينتهي بـ 1234/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'اعتماد الرقم المُثبت' }));
    await screen.findByRole('heading', { name: 'ثبتت هويتك' });
    expect(api.callsTo('POST /api/v1/individuals/me/identity/correction')).toHaveLength(1);
  });

  it('sends a person whose id another account proved to recover that account', async () => {
    mockApi({
      'POST /api/v1/individuals/me/identity/complete': () =>
        problem(409, 'identity_already_proven'),
    });
    signedIn();
    renderWithProviders(<IdentityCallbackPage />, {
      entries: ['/identity/callback?code=abc&state=xyz'],
    });
    await screen.findByText('لم تثبت هويتك');
    expect(screen.getByRole('link', { name: 'استعادة الحساب الآخر' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('says the provider did not finish when it returns without a code', async () => {
    const api = mockApi({});
    signedIn();
    renderWithProviders(<IdentityCallbackPage />, {
      entries: ['/identity/callback?error=access_denied&state=xyz'],
    });
    await screen.findByText(/لم يُكمل مزوّد الهوية تسجيل الدخول/);
    expect(api.callsTo('POST /api/v1/individuals/me/identity/complete')).toHaveLength(0);
  });
});
