import type { DailyUsageSummaryItem, WalletSummary, WalletUsage } from '@tanqin/shared';
import { problems } from '@tanqin/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDisplayTimeZone } from '../../lib/time-zone.ts';
import WalletSection from './wallet-section.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

const wallet = (overrides: Partial<WalletSummary> = {}): WalletSummary => ({
  current_balance: '0.015',
  total_spent: '1.250',
  last_payment_date: '2025-03-05T10:00:00.000Z',
  cost_per_call: '0.005',
  total_calls: 1234,
  calls_this_month: 42,
  calls_today: 7,
  ...overrides,
});

// Days of the organisation's zone (Riyadh, UTC+3): 20:59 UTC on 21 November is 23:59 there.
const usage: WalletUsage = {
  time_zone: 'Asia/Riyadh',
  days: [
    {
      date: '2026-11-22',
      calls: 2,
      cost: '0.010',
      entries: [
        {
          id: 'u2',
          created_at: '2026-11-22T10:15:30.000Z',
          endpoint: 'POST /v1/tokens/verify',
          status: 200,
          cost: '0.005',
        },
        {
          id: 'u1',
          created_at: '2026-11-22T09:00:00.000Z',
          endpoint: 'POST /v1/tokens/generate',
          status: 201,
          cost: '0.005',
        },
      ],
    },
    {
      date: '2026-11-21',
      calls: 1,
      cost: '0.005',
      entries: [
        {
          id: 'u0',
          created_at: '2026-11-21T20:59:00.000Z',
          endpoint: 'GET /v1/tokens/{token_id}/status',
          status: 200,
          cost: '0.005',
        },
      ],
    },
  ],
};

const dailySummary = (): DailyUsageSummaryItem[] =>
  Array.from({ length: 30 }, (_, index) => {
    const date = new Date(Date.UTC(2026, 9, 24 + index)).toISOString().slice(0, 10);
    const calls = index === 28 ? 1 : index === 29 ? 2 : 0;
    return {
      id: date,
      date,
      calls,
      cost: `0.${String(calls * 5).padStart(3, '0')}`,
      status: 'unpaid',
    };
  });

type Handler = () => Response | Promise<Response>;
const WALLET = 'GET /api/v1/wallet';
const USAGE = 'GET /api/v1/wallet/usage';
const DAILY = 'GET /api/v1/wallet/daily-summary?days=30';
const STATEMENTS = 'GET /api/v1/wallet/statements';

/** Answers the wallet's three calls like the API does; a test overrides what it cares about. */
function mockApi(overrides: Record<string, Handler> = {}) {
  const handlers: Record<string, Handler> = {
    [WALLET]: () => json(200, wallet()),
    [USAGE]: () => json(200, usage),
    [DAILY]: () => json(200, dailySummary()),
    [STATEMENTS]: () => json(200, { statements: [] }),
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

function renderWallet() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <WalletSection organization={{ id: 'org_1' }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The value shown for a figure: its label is a dt, the value the dd right after it. */
const figure = (label: string) => {
  const term = screen.getByText(label).closest('dt');
  if (!term) throw new Error(`no figure labelled ${label}`);
  return term.nextElementSibling as HTMLElement;
};
const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim();

describe('wallet screen', () => {
  beforeEach(() => {
    localStorage.setItem('org_token', 'access-token');
    // As the organisation dashboard does: the console shows times in the organisation's zone.
    setDisplayTimeZone('Asia/Riyadh');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setDisplayTimeZone(undefined);
  });

  it('shows the four summary cards, the price with 3 decimals, and the usage statistics', async () => {
    mockApi();
    renderWallet();

    await waitFor(() => expect(text(figure('إجمالي استدعاءات API'))).toBe('1,234'));
    expect(screen.getByText('منذ بداية الاشتراك')).toBeInTheDocument();
    expect(text(figure('التكلفة غير المدفوعة'))).toBe('0.015 ريال');
    expect(text(figure('إجمالي المدفوع'))).toBe('1.250 ريال');
    // 0.005, not rounded to 0.01.
    expect(text(figure('تكلفة الاستدعاء'))).toBe('0.005 ريال');
    expect(text(figure('استدعاءات هذا الشهر'))).toBe('42');
    expect(text(figure('استدعاءات اليوم'))).toBe('7');
    // Average daily cost: calls today x price = 7 x 0.005.
    expect(text(figure('متوسط التكلفة اليومية'))).toBe('0.035 ريال');
  });

  it('keeps a price of whole thousandths exact and groups large amounts', async () => {
    mockApi({
      [WALLET]: () =>
        json(
          200,
          wallet({ cost_per_call: '0.125', calls_today: 9999, current_balance: '12345.675' }),
        ),
    });
    renderWallet();
    await waitFor(() => expect(text(figure('تكلفة الاستدعاء'))).toBe('0.125 ريال'));
    expect(text(figure('متوسط التكلفة اليومية'))).toBe('1,249.875 ريال');
    expect(text(figure('التكلفة غير المدفوعة'))).toBe('12,345.675 ريال');
  });

  it('shows the payment banner while there is unpaid cost, with the last payment date', async () => {
    mockApi();
    renderWallet();
    const banner = (await screen.findByRole('heading', { name: 'مطلوب الدفع' })).closest(
      'section',
    )!;
    expect(banner).toHaveTextContent('لديك تكلفة غير مدفوعة بقيمة 0.015 ريال.');
    expect(banner).toHaveTextContent('آخر دفعة: 5 مارس 2025');
    expect(within(banner).getByRole('button', { name: 'ادفع الآن' })).toBeEnabled();
  });

  it('leaves the banner out when nothing is unpaid, and the date out when nothing was paid', async () => {
    mockApi({
      [WALLET]: () =>
        json(
          200,
          wallet({ current_balance: '0.000', total_spent: '0.000', last_payment_date: null }),
        ),
    });
    renderWallet();
    await waitFor(() => expect(text(figure('التكلفة غير المدفوعة'))).toBe('0.000 ريال'));
    expect(screen.queryByText('مطلوب الدفع')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ادفع الآن' })).not.toBeInTheDocument();
  });

  it('shows the banner without a date for an organisation that never paid', async () => {
    mockApi({ [WALLET]: () => json(200, wallet({ last_payment_date: null })) });
    renderWallet();
    const heading = await screen.findByRole('heading', { name: 'مطلوب الدفع' });
    expect(heading.closest('section')).not.toHaveTextContent('آخر دفعة');
  });

  it('pay now says the payment page is coming soon, calls nothing, and closes', async () => {
    const { fetchMock } = mockApi();
    const user = userEvent.setup();
    renderWallet();
    const payNow = await screen.findByRole('button', { name: 'ادفع الآن' });
    const callsBefore = fetchMock.mock.calls.length;

    await user.click(payNow);
    const dialog = screen.getByRole('alertdialog', { name: 'الدفع' });
    expect(dialog).toHaveAccessibleDescription('سيتم توجيهك إلى صفحة الدفع قريباً');
    const ok = within(dialog).getByRole('button', { name: 'حسناً' });
    expect(ok).toHaveFocus();
    expect(fetchMock.mock.calls.length).toBe(callsBefore);

    await user.click(ok);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(payNow).toHaveFocus();
  });

  it('lists the calls grouped by day, newest first, with time, status and cost', async () => {
    mockApi();
    renderWallet();
    const log = await screen.findByRole('region', { name: 'قائمة الاستدعاءات حسب اليوم' });
    const days = within(log).getAllByRole('heading', { level: 4 });
    expect(days.map((day) => day.textContent)).toEqual(['22 نوفمبر 2026', '21 نوفمبر 2026']);
    const firstDay = days[0]!.closest('section')!;
    expect(firstDay).toHaveTextContent('استدعاءان · 0.010 ريال');
    const entries = within(firstDay).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('التحقق من رمز');
    expect(entries[0]).toHaveTextContent('POST /v1/tokens/verify');
    // Times on the organisation's clock, named above the list.
    expect(screen.getByText(/والأيام والأوقات بتوقيت الرياض$/)).toBeInTheDocument();
    expect(entries[0]).toHaveTextContent('01:15:30 م');
    expect(entries[0]).toHaveTextContent('الاستجابة 200');
    expect(entries[0]).toHaveTextContent('0.005 ريال');
    expect(entries[1]).toHaveTextContent('إنشاء رمز');
    const secondDay = days[1]!.closest('section')!;
    expect(secondDay).toHaveTextContent('استدعاء واحد · 0.005 ريال');
    expect(within(secondDay).getByRole('listitem')).toHaveTextContent('الاستعلام عن حالة رمز');
    expect(within(secondDay).getByRole('listitem')).toHaveTextContent('11:59:00 م');
    // The list scrolls inside a box of fixed height, and the keyboard can reach it.
    expect(log).toHaveClass('max-h-96', 'overflow-y-auto');
    expect(log).toHaveAttribute('tabindex', '0');
  });

  it('shows loading skeletons and statuses until the answers arrive', async () => {
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    mockApi({
      [WALLET]: async () => {
        await held;
        return json(200, wallet());
      },
      [USAGE]: async () => {
        await held;
        return json(200, usage);
      },
      [DAILY]: async () => {
        await held;
        return json(200, dailySummary());
      },
    });
    renderWallet();
    expect(screen.getByText('جارٍ تحميل سجل الاستدعاءات...')).toHaveAttribute('role', 'status');
    expect(screen.getByText('جارٍ تحميل ملخص المحفظة...')).toBeInTheDocument();
    expect(screen.getByText('جارٍ تحميل الرسم البياني...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تحديث بيانات المحفظة' })).toBeDisabled();
    answer();
    await screen.findByRole('region', { name: 'قائمة الاستدعاءات حسب اليوم' });
    expect(screen.queryByText('جارٍ تحميل سجل الاستدعاءات...')).not.toBeInTheDocument();
  });

  it('shows the text of the problem code when the call log fails', async () => {
    mockApi({
      [USAGE]: () => json(503, { code: 'mail_unavailable', detail: 'Service unavailable' }),
    });
    renderWallet();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(problems.mail_unavailable.ar);
    expect(alert).not.toHaveTextContent('Service unavailable');
    // The rest of the wallet still shows.
    await waitFor(() => expect(text(figure('إجمالي استدعاءات API'))).toBe('1,234'));
  });

  it('falls back to the Arabic load error when the answer names no problem code', async () => {
    mockApi({
      [USAGE]: () => json(502, { detail: 'Bad gateway' }),
      [WALLET]: () => json(500, { detail: 'An unexpected error occurred' }),
    });
    renderWallet();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    for (const alert of screen.getAllByRole('alert')) {
      expect(alert).toHaveTextContent('حدث خطأ في تحميل البيانات');
    }
    expect(screen.queryByText('Bad gateway')).not.toBeInTheDocument();
    expect(screen.queryByText('مطلوب الدفع')).not.toBeInTheDocument();
  });

  it('says there are no API calls yet for a new organisation', async () => {
    mockApi({
      [USAGE]: () => json(200, { time_zone: 'Asia/Riyadh', days: [] }),
      [DAILY]: () =>
        json(
          200,
          dailySummary().map((day) => ({ ...day, calls: 0, cost: '0.000' })),
        ),
      [WALLET]: () =>
        json(200, wallet({ current_balance: '0.000', total_calls: 0, calls_today: 0 })),
    });
    renderWallet();
    expect(await screen.findByText('لا توجد استدعاءات API بعد')).toBeInTheDocument();
    expect(screen.getByText('لا توجد استدعاءات خلال آخر 30 يوماً')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'قائمة الاستدعاءات حسب اليوم' })).toBeNull();
  });

  it('draws the last 30 days and gives the same figures as a table for screen readers', async () => {
    mockApi();
    renderWallet();
    const table = await screen.findByRole('table', { name: 'الاستخدام اليومي لآخر 30 يوماً' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[1]).toHaveTextContent('24 أكتوبر 2026');
    expect(rows.at(-1)).toHaveTextContent('22 نوفمبر 2026');
    expect(rows.at(-1)).toHaveTextContent('0.010');
    expect(rows.at(-1)).toHaveTextContent('غير مدفوع');
    expect(screen.getByText('المجموع: 3 استدعاءات بتكلفة 0.015 ريال')).toBeInTheDocument();
    const bars = screen.getAllByTestId('usage-bar');
    expect(bars).toHaveLength(30);
    expect(bars.at(-1)).toHaveStyle({ height: '100%' });
    expect(bars.at(-2)).toHaveStyle({ height: '50%' });
    expect(bars[0]).toHaveStyle({ height: '0px' });
  });

  it('reloads every part with the refresh button', async () => {
    let totalCalls = 1234;
    const { callsTo } = mockApi({ [WALLET]: () => json(200, wallet({ total_calls: totalCalls })) });
    const user = userEvent.setup();
    renderWallet();
    await waitFor(() => expect(text(figure('إجمالي استدعاءات API'))).toBe('1,234'));
    for (const call of [WALLET, USAGE, DAILY]) expect(callsTo(call)).toHaveLength(1);

    totalCalls = 1240;
    await user.click(screen.getByRole('button', { name: 'تحديث بيانات المحفظة' }));
    await waitFor(() => expect(text(figure('إجمالي استدعاءات API'))).toBe('1,240'));
    for (const call of [WALLET, USAGE, DAILY]) expect(callsTo(call)).toHaveLength(2);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'تحديث بيانات المحفظة' })).toBeEnabled(),
    );
  });

  it('lists monthly statements and shows one, printable, by endpoint and key', async () => {
    mockApi({
      [STATEMENTS]: () =>
        json(200, { statements: [{ month: '2026-11', calls: 14, amount: '0.070' }] }),
      'GET /api/v1/wallet/statements/2026-11': () =>
        json(200, {
          month: '2026-11',
          organization: { name: 'بنك الاختبار', client_id: 'tqc_bank' },
          time_zone: 'Asia/Riyadh',
          price_per_call: '0.005',
          lines: [
            {
              endpoint: 'POST /v1/tokens/generate',
              api_key_id: '00000000-0000-4000-8000-000000000001',
              api_key_name: 'مفتاح الإنتاج',
              calls: 10,
              amount: '0.050',
            },
            {
              endpoint: 'POST /api/v1/tokens/verify',
              api_key_id: null,
              api_key_name: null,
              calls: 4,
              amount: '0.020',
            },
          ],
          total_calls: 14,
          total_amount: '0.070',
          generated_at: '2026-12-01T08:00:00.000Z',
        }),
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = userEvent.setup();
    renderWallet();
    const list = await screen.findByRole('list', { name: 'الكشوف الشهرية' });
    expect(list).toHaveTextContent('نوفمبر 2026');
    expect(list).toHaveTextContent('14 طلباً');
    expect(list).toHaveTextContent('0.070');
    await user.click(screen.getByRole('button', { name: 'عرض كشف نوفمبر 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'كشف نوفمبر 2026' });
    const rows = await within(dialog).findAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(dialog).toHaveTextContent('المنطقة الزمنية:توقيت الرياض');
    expect(dialog).not.toHaveTextContent('Asia/Riyadh');
    expect(rows[1]).toHaveTextContent('POST /v1/tokens/generate');
    expect(rows[1]).toHaveTextContent('مفتاح الإنتاج');
    expect(rows[2]).toHaveTextContent('لوحة التحكم (دون مفتاح)');
    expect(rows[3]).toHaveTextContent('الإجمالي');
    expect(rows[3]).toHaveTextContent('0.070');
    await user.click(within(dialog).getByRole('button', { name: 'طباعة' }));
    expect(print).toHaveBeenCalledOnce();
  });
});
