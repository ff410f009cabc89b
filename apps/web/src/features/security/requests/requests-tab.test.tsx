import type { RequestLogEntry } from '@tanqin/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type MockRequest, mockApi, renderWithProviders } from '../../../test/mock-api.tsx';
import { SecurityDashboard } from '../security-dashboard.tsx';
import { apiKey, ORG_ID } from '../test/fixtures.ts';

const KEY_ID = apiKey().id;

const call = (overrides: Partial<RequestLogEntry> = {}): RequestLogEntry => ({
  id: '00000000-0000-4000-8000-00000000c001',
  created_at: '2025-03-05T10:00:00.000Z',
  method: 'POST',
  path: '/v1/tokens/generate',
  status: 201,
  code: null,
  api_key_id: KEY_ID,
  api_key_name: 'خادم الإنتاج',
  client_ip: '192.0.2.10',
  country: 'SA',
  latency_ms: 12.4,
  is_test: false,
  ...overrides,
});

const refused = call({
  id: '00000000-0000-4000-8000-00000000c002',
  status: 429,
  code: 'rate_limited',
  created_at: '2025-03-05T09:59:00.000Z',
});

const stats = () =>
  json(200, {
    success: true,
    data: {
      total_api_keys: 1,
      active_api_keys: 1,
      total_requests_today: 2,
      blocked_requests_today: 1,
      critical_events_count: 0,
      trusted_ips_count: 0,
      countries_blocked: 0,
      rate_limit_violations: 1,
      inactive_api_keys: 0,
      blocked_percentage: 50,
      security_score: 90,
      security_label: 'Excellent',
      show_alert: false,
    },
  });

const noAnalytics = () =>
  json(200, {
    days: 7,
    time_zone: 'Asia/Riyadh',
    from: '2025-02-27',
    to: '2025-03-05',
    series: [],
    totals: { requests: 0, outcomes: {}, p50_ms: null, p99_ms: null },
  });

/** The log as the API pages it: two calls on the first page, one older on the second. */
function requestLog({ url }: MockRequest) {
  if (url.searchParams.get('cursor') === 'page-2') {
    return json(200, {
      requests: [call({ id: '00000000-0000-4000-8000-00000000c003', path: '/v1/tokens/verify' })],
      next_cursor: null,
    });
  }
  return json(200, { requests: [call(), refused], next_cursor: 'page-2' });
}

/** The page the dashboard shows for `?section=`, as the organisation dashboard picks it. */
function SecurityPageOfSection() {
  const [search] = useSearchParams();
  return (
    <SecurityDashboard
      organization={{ id: ORG_ID, role: 'developer' }}
      page={search.get('section') === 'keys' ? 'keys' : 'verification'}
    />
  );
}

describe('request log', () => {
  beforeEach(() => localStorage.setItem('org_token', 'access-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('pages by cursor, filters through the API and says in plain words why a call was refused', async () => {
    const api = mockApi({
      'GET /api/v1/security/stats': stats,
      'GET /api/v1/dashboard/security/analytics': noAnalytics,
      'GET /api/v1/security/api-keys': () => json(200, { api_keys: [apiKey()] }),
      'GET /api/v1/security/requests': requestLog,
    });
    const user = userEvent.setup();
    renderWithProviders(
      <SecurityDashboard organization={{ id: ORG_ID, role: 'owner' }} page="verification" />,
    );

    await user.click(await screen.findByRole('tab', { name: 'سجل الطلبات' }));
    const table = await screen.findByRole('region', { name: 'جدول سجل الطلبات' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('تجاوزت حد الطلبات، أعد المحاولة بعد قليل')).toBeVisible();

    // The refused call's drawer names the reason and what usually fixes it.
    const [, refusedRow] = within(table).getAllByRole('row').slice(1);
    await user.click(within(refusedRow!).getByRole('button'));
    const drawer = await screen.findByRole('dialog', { name: 'تفاصيل الطلب' });
    expect(
      within(drawer).getByText('رُفض هذا الطلب: تجاوزت حد الطلبات، أعد المحاولة بعد قليل'),
    ).toBeVisible();
    expect(within(drawer).getByText(/ارفع الحد من تعديل المفتاح/)).toBeVisible();
    expect(within(drawer).getByText('المملكة العربية السعودية')).toBeVisible();
    // The status, then the reason in words; the date as on the other screens.
    const status = within(drawer).getByText('رمز الحالة').nextElementSibling;
    expect(status).toHaveTextContent(/^429 · تجاوزت حد الطلبات، أعد المحاولة بعد قليل/);
    expect(within(drawer).getByText(/^5 مارس 2025 في/)).toBeVisible();
    await user.click(within(drawer).getByRole('button', { name: 'إغلاق' }));

    // Older page by the cursor the API gave, and back.
    await user.click(screen.getByRole('button', { name: 'الأقدم' }));
    await screen.findByText('الصفحة 2');
    const olderRows = within(screen.getByRole('region', { name: 'جدول سجل الطلبات' })).getAllByRole(
      'row',
    );
    expect(olderRows).toHaveLength(2);
    expect(olderRows[1]).toHaveTextContent('POST /v1/tokens/verify');
    expect(screen.getByRole('button', { name: 'الأقدم' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'الأحدث' }));
    await screen.findByText('الصفحة 1');

    // Filters go to the API as its query parameters, and start again on the first page.
    await user.selectOptions(screen.getByLabelText('مفتاح API'), KEY_ID);
    await user.selectOptions(screen.getByLabelText('النتيجة'), 'failure');
    const last = new URL(
      String(api.callsTo('GET /api/v1/security/requests').at(-1)?.[0]),
      'http://localhost',
    );
    expect(last.searchParams.get('api_key_id')).toBe(KEY_ID);
    expect(last.searchParams.get('status')).toBe('failure');
    expect(last.searchParams.has('cursor')).toBe(false);
  });

  it("opens on a key's requests from the key card", async () => {
    const api = mockApi({
      'GET /api/v1/security/stats': stats,
      'GET /api/v1/dashboard/security/analytics': noAnalytics,
      'GET /api/v1/security/api-keys': () => json(200, { api_keys: [apiKey()] }),
      'GET /api/v1/security/requests': requestLog,
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<SecurityPageOfSection />, {
      entries: ['/org-dashboard?section=keys'],
    });
    await user.click(
      await screen.findByRole('link', { name: 'طلبات المفتاح خادم الإنتاج في سجل الطلبات' }),
    );
    // The request log is on the verification page.
    expect(new URLSearchParams(router.state.location.search).get('section')).toBe('verification');
    expect(await screen.findByRole('tab', { name: 'سجل الطلبات' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await screen.findByRole('region', { name: 'جدول سجل الطلبات' });
    const asked = new URL(
      String(api.callsTo('GET /api/v1/security/requests')[0]?.[0]),
      'http://localhost',
    );
    expect(asked.searchParams.get('api_key_id')).toBe(KEY_ID);
    expect(screen.getByLabelText('مفتاح API')).toHaveValue(KEY_ID);
  });
});
