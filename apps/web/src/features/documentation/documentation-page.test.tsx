import { version as sdkVersion } from '@tanqin/sdk/package.json';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toast.tsx';
import { DocumentationPage } from './documentation-page.tsx';

const CLIENT_ID = 'tqc_4fGh7Jk2Lm9Np3Qr5St8Vw1Xy6Za0b';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

const me = (
  organization: unknown = {
    id: 'org_1',
    name: 'هيئة الاختبار',
    type: 'government',
    email: 'contact@example.sa',
    client_id: CLIENT_ID,
    created_at: '2025-03-05T10:00:00.000Z',
    role: 'owner',
  },
) => ({
  success: true,
  user: { id: 'usr_1', email: 'admin@example.sa', first_name: 'سارة', last_name: 'العتيبي' },
  organization,
});

function mockApi(meResponse: () => Response = () => json(200, me())) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/v1/auth/me') return meResponse();
    if (url === '/api/v1/config') return json(200, { price_per_call: '0.007', currency: 'SAR' });
    throw new Error(`Unexpected call ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage(path = '/documentation') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/documentation', Component: DocumentationPage },
      { path: '/org-auth', Component: () => <p>sign in page</p> },
      { path: '/org-dashboard', Component: () => <p>dashboard page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

const menu = () => screen.getByRole('navigation', { name: 'أدلة التوثيق' });
const guideLink = (name: string) => within(menu()).getByRole('link', { name: new RegExp(name) });

describe('documentation page', () => {
  beforeEach(() => {
    localStorage.setItem('org_token', 'access-token');
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('lists the four guides with their reading time and level, the overview first', async () => {
    mockApi();
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'نظرة عامة على المنصة' }),
    ).toBeInTheDocument();
    const links = within(menu()).getAllByRole('link').slice(0, 4);
    expect(links.map((link) => link.textContent)).toEqual([
      'نظرة عامة على المنصةمدة القراءة:5 دقائقالمستوى:تعريفي',
      'البدء السريعمدة القراءة:15 دقيقةالمستوى:مبتدئ',
      'التكامل الكاملمدة القراءة:45 دقيقةالمستوى:متوسط',
      'مرجع APIمدة القراءة:30 دقيقةالمستوى:متقدم',
    ]);
    expect(guideLink('نظرة عامة')).toHaveAttribute('aria-current', 'page');
    expect(guideLink('البدء السريع')).toHaveAttribute('href', '/documentation?guide=quick-start');
    // The price is the server's, not a constant.
    expect(await screen.findByText('0.007 ريال')).toBeInTheDocument();
  });

  it('switches guides from the menu and keeps the choice in the address', async () => {
    mockApi();
    const router = renderPage();
    await screen.findByRole('heading', { level: 2, name: 'نظرة عامة على المنصة' });
    await userEvent.click(guideLink('التكامل الكامل'));
    expect(await screen.findByRole('heading', { level: 2, name: 'التكامل الكامل' })).toHaveFocus();
    expect(router.state.location.search).toBe('?guide=full-integration');
    expect(guideLink('التكامل الكامل')).toHaveAttribute('aria-current', 'page');
    expect(guideLink('نظرة عامة')).not.toHaveAttribute('aria-current');
  });

  it('collapses the menu with its button, which says whether it is expanded', async () => {
    mockApi();
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'نظرة عامة على المنصة' });
    const hide = screen.getByRole('button', { name: 'إخفاء قائمة الأدلة' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    expect(hide).toHaveAttribute('aria-controls', menu().id);
    await userEvent.click(hide);
    const show = screen.getByRole('button', { name: 'إظهار قائمة الأدلة' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'أدلة التوثيق' })).not.toBeInTheDocument();
    await userEvent.click(show);
    expect(menu()).toBeVisible();
  });

  it('starts with the menu collapsed on a phone and folds it again after a choice', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    mockApi();
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'نظرة عامة على المنصة' });
    expect(screen.getByRole('button', { name: 'إظهار قائمة الأدلة' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await userEvent.click(screen.getByRole('button', { name: 'إظهار قائمة الأدلة' }));
    await userEvent.click(guideLink('مرجع API'));
    await screen.findByRole('heading', { level: 2, name: 'مرجع API' });
    expect(screen.getByRole('button', { name: 'إظهار قائمة الأدلة' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it("shows the organisation's client id and fills the quick start's curl with it", async () => {
    mockApi();
    renderPage('/documentation?guide=quick-start');
    await screen.findByRole('heading', { level: 2, name: 'البدء السريع' });
    expect(screen.getByText('معرّف العميل (Client ID)').nextElementSibling).toHaveTextContent(
      CLIENT_ID,
    );
    const origin = window.location.origin;
    const generate = screen.getByRole('region', { name: 'طلب إصدار رمز' });
    expect(generate).toHaveAttribute('dir', 'ltr');
    expect(generate.textContent).toContain(`curl -X POST "${origin}/v1/tokens/generate"`);
    expect(generate.textContent).toContain('-u "$TANQIN_API_KEY:$TANQIN_API_SECRET"');
    expect(generate.textContent).toContain(`-H "X-Client-Id: ${CLIENT_ID}"`);
    expect(screen.getByRole('region', { name: 'طلب التحقق من الرمز' }).textContent).toContain(
      `-H "X-Client-Id: ${CLIENT_ID}"`,
    );
    expect(screen.getByRole('region', { name: 'طلب حالة الرمز' }).textContent).toContain(
      `curl -X GET "${origin}/v1/tokens/tok_`,
    );
    const keysLink = screen.getByRole('link', { name: 'إدارة المفاتيح' });
    expect(keysLink).toHaveAttribute('href', '/org-dashboard?section=keys');
    expect(keysLink).toHaveAttribute('data-print-href', `${origin}/org-dashboard?section=keys`);
  });

  it('gives the SDK install line from this server and uses the client id in the full integration SDK sample', async () => {
    mockApi();
    renderPage('/documentation?guide=full-integration');
    const install = await screen.findByRole('region', { name: 'تثبيت الحزمة' });
    expect(install.textContent).toBe(
      `npm install ${window.location.origin}/sdk/tanqin-sdk-${sdkVersion}.tgz`,
    );
    const sdk = await screen.findByRole('region', { name: 'مثال حزمة TypeScript' });
    expect(sdk.textContent).toContain("import { Tanqin, TanqinApiError } from '@tanqin/sdk';");
    expect(sdk.textContent).toContain(`clientId: '${CLIENT_ID}'`);
    expect(sdk.textContent).toContain(`baseUrl: '${window.location.origin}'`);
    for (const call of ['generate(', 'verify(', 'status(', 'revoke(']) {
      expect(sdk.textContent).toContain(`tanqin.tokens.${call}`);
    }
  });

  it('tells the double lock and the audit receipts, with the commands and samples they need', async () => {
    mockApi();
    renderPage('/documentation?guide=full-integration');
    const lock = await screen.findByRole('region', {
      name: 'القفل الثاني: بيانات لا يفتحها إلا مفتاح جهتك',
    });
    expect(within(lock).getByRole('link', { name: 'الإعدادات ← القفل الثاني' })).toHaveAttribute(
      'href',
      '/org-dashboard?section=settings&tab=encryption',
    );
    const sealed = within(lock).getByRole('region', {
      name: 'إجابة التحقق عن رمز مقفل بالقفل الثاني',
    });
    expect(JSON.parse(sealed.textContent ?? '')).toMatchObject({
      encryption: 'hpke',
      issuer: { client_id: CLIENT_ID },
    });
    const sdk = within(lock).getByRole('region', { name: 'فتح رمز مقفل بالحزمة' });
    expect(sdk.textContent).toContain("privateKey: readFileSync('tanqin-private-key.pem', 'utf8')");
    expect(lock.textContent).toContain('openSealedData(error.sealed, privateKey)');

    const receipts = screen.getByRole('region', { name: 'إيصالات التدقيق: تحقّق دون أن تثق بنا' });
    const offline = within(receipts).getByRole('region', { name: 'التحقق من إيصال دون اتصال' });
    expect(offline.textContent).toContain(
      `${window.location.origin}/.well-known/tanqin-audit-keys`,
    );
    expect(offline.textContent).toContain('npm run audit:verify -- --receipt tanqin-receipt-');
    expect(
      within(receipts).getByRole('region', { name: 'التحقق من سلسلة نقاط التدقيق' }).textContent,
    ).toBe('npm run audit:verify -- --checkpoints run.json --keys tanqin-audit-keys.json');
  });

  it('copies a snippet and says "copied" for 2 seconds', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    mockApi();
    renderPage('/documentation?guide=quick-start');
    const button = await screen.findByRole('button', { name: 'نسخ الشيفرة: طلب إصدار رمز' });
    vi.useFakeTimers();
    fireEvent.click(button);
    await act(async () => {});
    expect(button).toHaveTextContent('تم النسخ');
    expect(writeText).toHaveBeenCalledWith(
      screen.getByRole('region', { name: 'طلب إصدار رمز' }).textContent,
    );
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(button).toHaveTextContent('تم النسخ');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(button).not.toHaveTextContent('تم النسخ');
    expect(button).toHaveTextContent('نسخ');
  });

  it("prints with the browser's print dialog", async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    mockApi();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'طباعة' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('sends a member of no organisation back to sign in', async () => {
    mockApi(() => json(200, me(null)));
    const router = renderPage();
    expect(await screen.findByText('sign in page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/org-auth');
  });

  it('sends a refused account (403) back to sign in', async () => {
    mockApi(() => json(403, { code: 'forbidden', detail: 'Not a member' }));
    renderPage();
    expect(await screen.findByText('sign in page')).toBeInTheDocument();
  });

  it('explains any other failure with a way back to the dashboard', async () => {
    mockApi(() => json(500, { code: 'internal_error', detail: 'boom' }));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('تعذر عرض التوثيق');
    await userEvent.click(within(alert).getByRole('link', { name: 'العودة إلى لوحة التحكم' }));
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
  });
});
