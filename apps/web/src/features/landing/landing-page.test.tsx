import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSessionLostNavigator } from '../../lib/api-client.ts';
import i18n from '../../lib/i18n.ts';
import { json, mockApi, problem } from '../../test/mock-api.tsx';
import { LandingPage } from './landing-page.tsx';

function renderLanding() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <LandingPage /> }]);
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

function serveConfig(respond: () => Promise<Response>) {
  const fetchMock = vi.fn(respond);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const configResponse = (price: string) =>
  new Response(JSON.stringify({ price_per_call: price, currency: 'SAR' }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ar');
});

describe('the landing page', () => {
  it('sends a visitor without an organisation token to the login tab', () => {
    serveConfig(async () => configResponse('0.005'));
    renderLanding();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('الهوية المؤقتة')).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute(
      'href',
      '/org-auth?tab=login',
    );
  });

  it('sends an organisation holding org_token straight to its dashboard', () => {
    localStorage.setItem('org_token', 'a-token');
    serveConfig(async () => configResponse('0.005'));
    renderLanding();
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'لوحة التحكم' }),
    ).toHaveAttribute('href', '/org-dashboard');
  });

  it('shows the default price while loading, then the price the server states', async () => {
    let answer!: (response: Response) => void;
    const fetchMock = serveConfig(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderLanding();
    const tile = screen.getByTestId('price-tile');
    expect(tile).toHaveTextContent('0.005 ريال');
    expect(tile).not.toHaveTextContent('0.01');
    expect(tile).toHaveAttribute('aria-busy', 'true');
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/config', expect.anything());

    answer(configResponse('0.007'));
    expect(await within(tile).findByText('0.007 ريال')).toBeInTheDocument();
    expect(tile).not.toHaveAttribute('aria-busy');
    expect(screen.getByText('يُحتسب كل طلب ناجح بسعر 0.007 ريال.')).toBeInTheDocument();
  });

  it('keeps the published default price when the server cannot answer', async () => {
    serveConfig(async () => new Response('down', { status: 503 }));
    renderLanding();
    const tile = screen.getByTestId('price-tile');
    await vi.waitFor(() => expect(tile).not.toHaveAttribute('aria-busy'));
    expect(tile).toHaveTextContent('0.005 ريال');
  });

  it('has the calls to action, the roadmap statuses and the eight footer links', () => {
    serveConfig(async () => configResponse('0.005'));
    renderLanding();
    const links: Array<[string, string]> = [
      ['أنشئ حساب جهتك', '/signup'],
      ['دخول الجهات', '/org-auth'],
      ['تسجيل دخول الجهة', '/org-auth?redirect=/'],
      ['إنشاء حساب جهة جديد', '/org-auth?tab=signup'],
    ];
    for (const [name, href] of links) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }

    expect(screen.getByRole('heading', { level: 2, name: 'خارطة الخدمات' })).toBeInTheDocument();
    expect(screen.getAllByText('متاح الآن')).toHaveLength(5);
    const offices = screen.getByRole('heading', { name: 'مكاتب الخدمات' }).closest('article')!;
    expect(within(offices).getByText('قريباً')).toBeInTheDocument();
    expect(within(offices).getByText('قيد التطوير')).toBeInTheDocument();

    // The person's way in: header, and the footer (same tab).
    expect(
      within(screen.getByRole('banner')).getByRole('link', {
        name: 'للأفراد: الدخول إلى حسابك الشخصي',
      }),
    ).toHaveAttribute('href', '/login');
    const individuals = within(screen.getByRole('navigation', { name: 'للأفراد' }));
    expect(individuals.getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(individuals.getByRole('link', { name: 'إنشاء حساب شخصي' })).not.toHaveAttribute(
      'target',
    );
    expect(individuals.getByRole('link', { name: 'إنشاء حساب شخصي' })).toHaveAttribute(
      'href',
      '/register',
    );

    const footerLinks = within(screen.getByRole('contentinfo'))
      .getAllByRole('link')
      .filter((link) => link.getAttribute('target') === '_blank');
    expect(footerLinks.map((link) => link.getAttribute('href')).sort()).toEqual([
      '/about',
      '/chat',
      '/contact',
      '/faq',
      '/pricing',
      '/privacy',
      '/services-guide',
      '/terms',
    ]);
    for (const link of footerLinks) expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('2025');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('الرياض');
  });

  it('shows a real token request for integrators in left-to-right code blocks', () => {
    serveConfig(async () => configResponse('0.005'));
    renderLanding();
    const request = screen.getByText(/curl -X POST/);
    expect(request.closest('pre')).toHaveClass('font-mono');
    // The scrolling box around the code is the left-to-right island (so it scrolls from the left).
    expect(request.closest('.ltr-island')).toContainElement(request.closest('pre'));
    expect(request).toHaveTextContent('/v1/tokens/generate');
    expect(request).toHaveTextContent('X-Client-Id: tqc_');
    expect(request).toHaveTextContent('Authorization: Basic');
    expect(request).toHaveTextContent('"data_scope": ["identity"]');
    expect(request).toHaveTextContent('"expires_in": 3600');
    expect(request).toHaveTextContent('"audience": "tqc_');
    const response = screen.getByText(/Token generated successfully/);
    expect(response).toHaveTextContent(/"token": "[0-9A-Z]{4}(-[0-9A-Z]{4}){3}-[0-9A-Z]"/);
    expect(response).toHaveTextContent('"reference_id": "tok_');
    expect(screen.getByRole('button', { name: 'نسخ مثال الطلب' })).toBeInTheDocument();
    expect(screen.getByText('إنشاء الرموز متاح حصرياً للجهات المسجّلة في منصة تنقين.')).toBeVisible();
  });

  it('keeps a switch of language; a signed-in person’s becomes their profile’s, a lost session stays here', async () => {
    const user = userEvent.setup();
    const profile = { language: 'en' };
    const api = mockApi({
      'GET /api/v1/config': () => json(200, { price_per_call: '0.005', currency: 'SAR' }),
      'PUT /api/v1/profile/language': ({ body }) => json(200, { ...profile, ...(body as object) }),
    });
    const { unmount } = renderLanding();
    await user.click(screen.getByTestId('language-switch'));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'en'));
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(localStorage.getItem('lang')).toBe('en');
    // A visitor without a session has no profile to save it to.
    expect(api.callsTo('PUT /api/v1/profile/language')).toHaveLength(0);
    unmount();

    localStorage.setItem('auth_token', 'a-person');
    renderLanding();
    await user.click(screen.getByTestId('language-switch'));
    await waitFor(() =>
      expect(api.bodiesOf('PUT /api/v1/profile/language')).toEqual([{ language: 'ar' }]),
    );
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(localStorage.getItem('lang')).toBe('ar');

    // A session found ended: the choice stays in this browser, the page stays where it is.
    const toSignIn = vi.fn();
    setSessionLostNavigator(toSignIn);
    const ended = mockApi({
      'PUT /api/v1/profile/language': () => problem(401, 'unauthorized'),
      'POST /api/v1/auth/refresh': () => problem(401, 'unauthorized'),
    });
    await user.click(screen.getByTestId('language-switch'));
    await waitFor(() => expect(localStorage.getItem('auth_token')).toBeNull());
    expect(ended.callsTo('POST /api/v1/auth/refresh')).toHaveLength(1);
    expect(localStorage.getItem('lang')).toBe('en');
    expect(toSignIn).not.toHaveBeenCalled();
  });
});
