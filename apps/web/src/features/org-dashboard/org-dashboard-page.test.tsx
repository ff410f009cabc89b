import { version as sdkVersion } from '@tanqin/sdk/package.json';
import type { Me } from '@tanqin/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toast.tsx';
import { OrgDashboardPage } from './org-dashboard-page.tsx';

const ORG_ID = 'org_123';
const CLIENT_ID = 'tq_client_0123456789abcdef';
const CLIENT_SECRET = 'tq_secret_fedcba9876543210';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

const me = (overrides: Partial<NonNullable<Me['organization']>> = {}): Me => ({
  success: true,
  user: {
    id: '5b0c2a51-58a4-4b0e-9b8f-0a4e1d1f6c01',
    kind: 'organization',
    email: 'admin@example.sa',
    first_name: 'سارة',
    last_name: 'العتيبي',
    phone: null,
    created_at: '2025-03-05T10:00:00.000Z',
    confirmed: true,
    two_factor_enabled: false,
    language: 'ar',
  },
  organization: {
    id: ORG_ID,
    name: 'وزارة التجربة',
    type: 'government',
    email: 'contact@example.sa',
    client_id: CLIENT_ID,
    created_at: '2025-03-05T10:00:00.000Z',
    time_zone: 'Asia/Riyadh',
    role: 'owner',
    ...overrides,
  },
});

type Handler = () => Response | Promise<Response>;

/** The week's /v1 calls of a new organisation: none. */
const noAnalytics = () =>
  json(200, {
    days: 7,
    time_zone: 'Asia/Riyadh',
    from: '2025-02-27',
    to: '2025-03-05',
    series: [],
    totals: { requests: 0, outcomes: {}, p50_ms: null, p99_ms: null },
  });

/** Answers the dashboard's calls like the API does; a test overrides the ones it cares about. */
function mockApi(overrides: Record<string, Handler> = {}) {
  const handlers: Record<string, Handler> = {
    'GET /api/v1/auth/me': () => json(200, me()),
    [`GET /api/v1/organizations/${ORG_ID}/dashboard?mode=live`]: () =>
      json(200, {
        organization_id: ORG_ID,
        joined_at: '2025-03-05T10:00:00.000Z',
        active_tokens: 3,
        verifications: 12,
        api_calls_this_month: 1234,
      }),
    [`GET /api/v1/organizations/${ORG_ID}/credentials`]: () =>
      json(200, { client_id: CLIENT_ID, client_secret: CLIENT_SECRET }),
    [`GET /api/v1/organizations/${ORG_ID}`]: () =>
      json(200, {
        ...me().organization,
        phone: null,
        contact_person: 'سارة العتيبي',
        time_zone: 'Asia/Riyadh',
        require_ip_whitelist: false,
        geo_blocking_enabled: false,
      }),
    'POST /api/v1/auth/logout': () => json(200, { success: true }),
    'GET /api/v1/dashboard/security/analytics?days=7&mode=live': noAnalytics,
    ...overrides,
  };
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const handler = handlers[key];
    if (!handler) throw new Error(`Unexpected call ${key}`);
    return handler();
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (key: string) =>
    fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key);
  return { fetchMock, callsTo };
}

const HomeStub = () => <p>home page</p>;

function renderDashboard(path = '/org-dashboard') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/org-dashboard', Component: OrgDashboardPage },
      { path: '/', Component: HomeStub },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

/** The value shown under a counter's label (label and value are a dt/dd pair). */
const counterValue = (label: string) => screen.getByText(label).nextElementSibling;

describe('organisation dashboard', () => {
  beforeEach(() => localStorage.setItem('org_token', 'access-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the organisation, the signed-in user, the joined date and the API counters', async () => {
    let answerCounters: (response: Response) => void = () => {};
    mockApi({
      [`GET /api/v1/organizations/${ORG_ID}/dashboard?mode=live`]: () =>
        new Promise<Response>((resolve) => {
          answerCounters = resolve;
        }),
    });
    renderDashboard();

    const heading = await screen.findByRole('heading', { level: 1, name: 'وزارة التجربة' });
    expect(heading).toBeVisible();
    // One line on a phone, the whole name on hover; the welcome does not repeat it.
    expect(heading).toHaveClass('truncate');
    expect(heading).toHaveAttribute('title', 'وزارة التجربة');
    expect(screen.getByText('مرحباً بك في لوحة تحكم جهتك')).toBeInTheDocument();
    expect(screen.getByText('سارة العتيبي')).toBeInTheDocument();
    expect(screen.getByText('admin@example.sa')).toBeInTheDocument();
    expect(screen.getByText('تاريخ الانضمام: 5 مارس 2025')).toBeInTheDocument();
    expect(await screen.findByText('جارٍ تحميل الإحصائيات...')).toBeInTheDocument();

    answerCounters(
      json(200, {
        organization_id: ORG_ID,
        joined_at: '2025-03-05T10:00:00.000Z',
        active_tokens: 3,
        verifications: 12,
        api_calls_this_month: 1234,
      }),
    );
    await waitFor(() => expect(counterValue('الرموز النشطة')).toHaveTextContent('3'));
    expect(counterValue('عمليات التحقق')).toHaveTextContent('12');
    expect(counterValue('استدعاءات API هذا الشهر')).toHaveTextContent('1,234');
    expect(screen.queryByText('جارٍ تحميل الإحصائيات...')).not.toBeInTheDocument();
  });

  it('shows test data while the test mode switch is on, the mode kept in the address and the menu', async () => {
    const counters = (active_tokens: number) => () =>
      json(200, {
        organization_id: ORG_ID,
        joined_at: '2025-03-05T10:00:00.000Z',
        active_tokens,
        verifications: 0,
        api_calls_this_month: 0,
      });
    mockApi({
      [`GET /api/v1/organizations/${ORG_ID}/dashboard?mode=live`]: counters(3),
      [`GET /api/v1/organizations/${ORG_ID}/dashboard?mode=test`]: counters(7),
      'GET /api/v1/dashboard/security/analytics?days=7&mode=test': noAnalytics,
    });
    const user = userEvent.setup();
    const { router } = renderDashboard('/org-dashboard?section=dashboard');
    const band =
      'تعرض الصفحات رموز المفاتيح التجريبية وطلباتها وأحداثها فقط، ولا يُحتسب عليها أي مبلغ.';

    const toggle = await screen.findByRole('switch', { name: 'الوضع التجريبي' });
    expect(toggle).not.toBeChecked();
    await waitFor(() => expect(counterValue('الرموز النشطة')).toHaveTextContent('3'));
    expect(screen.queryByText(band, { exact: false })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(router.state.location.search).toBe('?section=dashboard&mode=test');
    expect(screen.getByRole('switch', { name: 'الوضع التجريبي' })).toBeChecked();
    expect(screen.getByText(band, { exact: false })).toBeVisible();
    await waitFor(() => expect(counterValue('الرموز النشطة')).toHaveTextContent('7'));
    expect(screen.getByRole('link', { name: 'المحفظة' })).toHaveAttribute(
      'href',
      '/org-dashboard?section=wallet&mode=test',
    );

    await user.click(screen.getByRole('switch', { name: 'الوضع التجريبي' }));
    expect(router.state.location.search).toBe('?section=dashboard');
    await waitFor(() => expect(counterValue('الرموز النشطة')).toHaveTextContent('3'));
    expect(screen.getByRole('link', { name: 'المحفظة' })).toHaveAttribute(
      'href',
      '/org-dashboard?section=wallet',
    );
  });

  it('links to the documentation with the three guides', async () => {
    mockApi();
    renderDashboard();
    expect(await screen.findByRole('link', { name: 'عرض التوثيق' })).toHaveAttribute(
      'href',
      '/documentation',
    );
    expect(screen.getByText('البدء السريع')).toBeInTheDocument();
    expect(screen.getByText('التكامل الكامل')).toBeInTheDocument();
    expect(screen.getByText('مرجع API')).toBeInTheDocument();
    expect(screen.getByText('15 دقيقة')).toBeInTheDocument();
    expect(screen.getByText('متقدم')).toBeInTheDocument();
  });

  it('shows the client id with a copy button that puts it on the clipboard', async () => {
    mockApi();
    const user = userEvent.setup();
    renderDashboard();

    expect(await screen.findByText(CLIENT_ID)).toBeInTheDocument();
    expect(screen.getByText('لا تشارك سر العميل مع أحد')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'نسخ معرّف العميل' }));

    await expect(navigator.clipboard.readText()).resolves.toBe(CLIENT_ID);
    expect(await screen.findByText('تم النسخ إلى الحافظة')).toBeInTheDocument();
  });

  it('fills the SDK snippet with the client id and this server as base URL', async () => {
    mockApi();
    const user = userEvent.setup();
    renderDashboard();

    const install = await screen.findByRole('region', { name: 'تثبيت الحزمة من هذا الخادم' });
    const installLine = `npm install ${window.location.origin}/sdk/tanqin-sdk-${sdkVersion}.tgz`;
    expect(install).toHaveTextContent(installLine);
    await user.click(screen.getByRole('button', { name: 'نسخ أمر التثبيت' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(installLine);

    const snippet = await screen.findByRole('region', { name: 'مثال تهيئة حزمة SDK' });
    expect(snippet).toHaveTextContent(`clientId: '${CLIENT_ID}'`);
    expect(snippet).toHaveTextContent(`baseUrl: '${window.location.origin}'`);
    await user.click(screen.getByRole('button', { name: 'نسخ مثال التهيئة' }));
    const copied = await navigator.clipboard.readText();
    expect(copied).toContain("import { Tanqin } from '@tanqin/sdk';");
    expect(copied).toContain(`clientId: '${CLIENT_ID}'`);
  });

  it('keeps the client secret masked until the owner reveals it, and hides it again', async () => {
    const { callsTo } = mockApi();
    const user = userEvent.setup();
    renderDashboard();

    expect(await screen.findByText('سر العميل مخفي')).toBeInTheDocument();
    expect(screen.queryByText(CLIENT_SECRET)).not.toBeInTheDocument();
    expect(callsTo(`GET /api/v1/organizations/${ORG_ID}/credentials`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'إظهار سر العميل' }));
    expect(await screen.findByText(CLIENT_SECRET)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'نسخ سر العميل' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(CLIENT_SECRET);

    await user.click(screen.getByRole('button', { name: 'إخفاء سر العميل' }));
    expect(screen.queryByText(CLIENT_SECRET)).not.toBeInTheDocument();
    expect(screen.getByText('سر العميل مخفي')).toBeInTheDocument();
  });

  it('tells a viewer that only owners and admins see the secret, without asking for it', async () => {
    const { callsTo } = mockApi({ 'GET /api/v1/auth/me': () => json(200, me({ role: 'viewer' })) });
    renderDashboard();

    expect(await screen.findByText(/يظهر سر العميل لمالكي الجهة ومسؤوليها فقط/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'إظهار سر العميل' })).not.toBeInTheDocument();
    expect(screen.getByText(CLIENT_ID)).toBeInTheDocument();
    expect(callsTo(`GET /api/v1/organizations/${ORG_ID}/credentials`)).toHaveLength(0);
  });

  it('shows the owners-only note when the server refuses the secret with 403', async () => {
    const { callsTo } = mockApi({
      [`GET /api/v1/organizations/${ORG_ID}/credentials`]: () =>
        json(403, { code: 'forbidden', detail: 'Your role does not allow this action' }),
    });
    const user = userEvent.setup();
    renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'إظهار سر العميل' }));
    expect(await screen.findByText(/يظهر سر العميل لمالكي الجهة ومسؤوليها فقط/)).toBeVisible();
    // A refusal is final: the secret is not asked for a second time.
    expect(callsTo(`GET /api/v1/organizations/${ORG_ID}/credentials`)).toHaveLength(1);
  });

  it('signs out: ends the session, forgets the token and the cache, and goes home', async () => {
    const { callsTo } = mockApi();
    const user = userEvent.setup();
    const { router, queryClient } = renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'تسجيل الخروج' }));

    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(callsTo('POST /api/v1/auth/logout')).toHaveLength(1);
    expect(localStorage.getItem('org_token')).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('signs out locally even when the logout call fails', async () => {
    mockApi({ 'POST /api/v1/auth/logout': () => Promise.reject(new TypeError('offline')) });
    const user = userEvent.setup();
    const { router } = renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'تسجيل الخروج' }));

    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('org_token')).toBeNull();
  });

  it('explains a failed load in Arabic and loads again on retry', async () => {
    let isServerDown = true;
    mockApi({
      'GET /api/v1/auth/me': () =>
        isServerDown ? json(500, { code: 'internal', detail: 'boom' }) : json(200, me()),
    });
    const user = userEvent.setup();
    renderDashboard();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('حدث خطأ أثناء جلب بيانات الجهة');
    isServerDown = false;
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'وزارة التجربة' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the membership was not found when the account has no organisation', async () => {
    mockApi({
      'GET /api/v1/auth/me': () => json(200, { ...me(), organization: null }),
    });
    renderDashboard();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('لم يتم العثور على عضوية لحسابك في أي جهة');
    expect(within(alert).getByRole('button', { name: 'إعادة المحاولة' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'تسجيل الخروج' })).toBeEnabled();
  });

  it('says the organisation data was not found when its counters answer 404', async () => {
    mockApi({
      [`GET /api/v1/organizations/${ORG_ID}/dashboard?mode=live`]: () =>
        json(404, { code: 'not_found', detail: 'Organization not found' }),
    });
    renderDashboard();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('لم يتم العثور على بيانات الجهة');
    expect(within(alert).getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
  });

  it('keeps the chosen section in the URL and marks it as the current page', async () => {
    mockApi();
    const user = userEvent.setup();
    const { router } = renderDashboard('/org-dashboard?section=settings');

    expect(await screen.findByRole('link', { name: 'الإعدادات' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'الإعدادات' })).toBeInTheDocument();
    expect(
      await screen.findByRole('tab', { name: 'ملف الجهة' }, { timeout: 10_000 }),
    ).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('link', { name: 'إدارة المفاتيح' }));
    expect(router.state.location.search).toBe('?section=keys');
    // The keys screen loads lazily: the menu follows once it has rendered.
    await waitFor(
      () =>
        expect(screen.getByRole('link', { name: 'إدارة المفاتيح' })).toHaveAttribute(
          'aria-current',
          'page',
        ),
      { timeout: 10_000 },
    );
    expect(screen.getByRole('link', { name: 'الإعدادات' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('heading', { level: 2, name: 'إدارة المفاتيح' })).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'لوحة التحكم' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText(CLIENT_ID)).toBeInTheDocument();

    await router.navigate(-1);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'إدارة المفاتيح' }, { timeout: 10_000 }),
    ).toBeVisible();
    // Three lazy sections load one after the other: on a busy machine that is more than 15 s.
  }, 40_000);

  const menuItems = () =>
    within(screen.getByRole('navigation', { name: 'أقسام لوحة التحكم' }))
      .getAllByRole('link')
      .map((link) => link.textContent);

  it.each([
    [
      'owner',
      [
        'لوحة التحكم',
        'إدارة المفاتيح',
        'المحفظة',
        'البيانات المشفرة',
        'التحقق والأمان',
        'الإعدادات',
      ],
    ],
    [
      'admin',
      [
        'لوحة التحكم',
        'إدارة المفاتيح',
        'المحفظة',
        'البيانات المشفرة',
        'التحقق والأمان',
        'الإعدادات',
      ],
    ],
    [
      'developer',
      ['لوحة التحكم', 'إدارة المفاتيح', 'المحفظة', 'البيانات المشفرة', 'التحقق والأمان'],
    ],
    ['verifier', ['لوحة التحكم', 'المحفظة', 'البيانات المشفرة']],
    ['viewer', ['لوحة التحكم', 'المحفظة', 'البيانات المشفرة', 'التحقق والأمان']],
  ] as const)('shows a %s only the menu items the role may open', async (role, items) => {
    mockApi({ 'GET /api/v1/auth/me': () => json(200, me({ role })) });
    renderDashboard();
    await screen.findByRole('heading', { level: 1, name: 'وزارة التجربة' });
    expect(menuItems()).toEqual(items);
  });

  it.each([
    ['viewer', 'settings'],
    ['viewer', 'keys'],
    ['verifier', 'verification'],
    ['developer', 'settings'],
  ] as const)('shows a %s the dashboard for ?section=%s', async (role, section) => {
    const { callsTo } = mockApi({ 'GET /api/v1/auth/me': () => json(200, me({ role })) });
    renderDashboard(`/org-dashboard?section=${section}`);

    expect(await screen.findByText(CLIENT_ID)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'لوحة التحكم' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'لوحة التحكم' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(callsTo(`GET /api/v1/organizations/${ORG_ID}`)).toHaveLength(0);
  });

  it('lists no section while the role is loading, and none for an account without organisation', async () => {
    mockApi({ 'GET /api/v1/auth/me': () => json(200, { ...me(), organization: null }) });
    renderDashboard();
    const nav = screen.getByRole('navigation', { name: 'أقسام لوحة التحكم' });
    expect(nav).toHaveAttribute('aria-busy', 'true');
    expect(within(nav).queryAllByRole('link')).toHaveLength(0);
    await screen.findByText(/لم يتم العثور على عضوية لحسابك/);
    expect(nav).toHaveAttribute('aria-busy', 'false');
    expect(within(nav).queryAllByRole('link')).toHaveLength(0);
  });

  it('opens and closes the small-screen menu with its button and Escape', async () => {
    mockApi();
    const user = userEvent.setup();
    renderDashboard();

    const menuButton = await screen.findByRole('button', { name: 'فتح القائمة' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(menuButton).toHaveAccessibleName('إغلاق القائمة');
    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
  });
});
