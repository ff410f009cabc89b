import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api.tsx';
import { renderOrgAuth } from './testing.tsx';

const loginTab = () => screen.getByRole('tab', { name: 'تسجيل الدخول' });
const signupTab = () => screen.getByRole('tab', { name: 'إنشاء حساب' });

beforeEach(() => {
  mockApi({});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('organisation auth page', () => {
  it('frames the forms with the platform title, the way home and the footer', () => {
    renderOrgAuth();

    const header = screen.getByRole('banner');
    expect(within(header).getByRole('heading', { level: 1 })).toHaveTextContent('منصة الجهات');
    expect(within(header).getByRole('link', { name: 'تنقين' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('link', { name: 'العودة إلى الرئيسية' })).toHaveAttribute(
      'href',
      '/',
    );

    const footer = screen.getByRole('contentinfo');
    expect(
      within(footer).getByRole('link', { name: 'للتواصل: support@tanqin.sa' }),
    ).toHaveAttribute('href', 'mailto:support@tanqin.sa');
    expect(footer).toHaveTextContent('© 2025 تنقين - الهوية المؤقتة. جميع الحقوق محفوظة.');

    expect(screen.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('shows an individual the way to their own sign-in and registration', () => {
    renderOrgAuth();
    expect(screen.getByText(/لست جهة؟/)).toHaveTextContent('للأفراد');
    expect(screen.getByRole('link', { name: 'إنشاء حساب شخصي' })).toHaveAttribute(
      'href',
      '/register',
    );
    const signIns = screen
      .getAllByRole('link', { name: 'تسجيل الدخول' })
      .map((link) => link.getAttribute('href'));
    expect(signIns).toContain('/login');
  });

  it.each([
    ['/org-auth', 'login'],
    ['/org-auth?tab=login', 'login'],
    ['/org-auth?tab=unknown', 'login'],
    ['/org-auth?tab=SIGNUP', 'login'],
    ['/org-auth?tab=signup', 'signup'],
  ])('%s opens the %s tab', (path, expected) => {
    renderOrgAuth([path]);
    const selected = expected === 'signup' ? signupTab() : loginTab();
    const other = expected === 'signup' ? loginTab() : signupTab();
    expect(selected).toHaveAttribute('aria-selected', 'true');
    expect(other).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName(selected.textContent ?? '');
    expect(screen.getByRole('tablist')).toHaveAccessibleName('الدخول إلى منصة الجهات');
  });

  it('switches tabs by replacing the query, keeping the redirect, adding no history', async () => {
    const user = userEvent.setup();
    const { router } = renderOrgAuth(['/', '/org-auth?tab=login&redirect=%2Fdocumentation']);

    await user.click(signupTab());
    expect(signupTab()).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('اسم الجهة')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/org-auth');
    expect(router.state.location.search).toBe('?tab=signup&redirect=%2Fdocumentation');
    expect(router.state.historyAction).toBe('REPLACE');

    await user.click(screen.getByRole('button', { name: 'سجّل الدخول' }));
    expect(loginTab()).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?tab=login&redirect=%2Fdocumentation');

    await user.click(screen.getByRole('button', { name: 'أنشئ حساباً جديداً' }));
    expect(signupTab()).toHaveAttribute('aria-selected', 'true');

    // Back leaves the page: the tab switches were not entries of their own.
    await router.navigate(-1);
    expect(router.state.location.pathname).toBe('/');
  });

  it('moves between the tabs with the arrow keys, right-to-left', async () => {
    const user = userEvent.setup();
    const { router } = renderOrgAuth(['/org-auth']);

    await user.click(loginTab());
    expect(loginTab()).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(signupTab()).toHaveFocus();
    // Automatic activation: the focused tab opens (through the URL, which updates async).
    await waitFor(() => expect(signupTab()).toHaveAttribute('aria-selected', 'true'));
    expect(router.state.location.search).toBe('?tab=signup');
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(loginTab()).toHaveAttribute('aria-selected', 'true'));
    expect(router.state.location.search).toBe('?tab=login');
  });
});
