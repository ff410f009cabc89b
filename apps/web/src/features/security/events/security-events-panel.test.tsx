import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../../test/mock-api.tsx';
import { buildEventsQuery, type SecurityEvent } from '../api/get-security-events.ts';
import { ORG_ID } from '../test/fixtures.ts';
import { SecurityEventsPanel } from './security-events-panel.tsx';

const EVENT_ID = '00000000-0000-4000-8000-0000000000e1';
const event = (overrides: Partial<SecurityEvent> = {}): SecurityEvent => ({
  id: EVENT_ID,
  event_type: 'new_ip_detected',
  event_severity: 'warning',
  event_description: 'API key "خادم الإنتاج" was used from a new address 198.51.100.9',
  client_ip: '198.51.100.9',
  user_agent: 'curl/8.5.0',
  request_path: '/v1/tokens/generate',
  request_method: 'POST',
  additional_data: null,
  api_key_id: null,
  api_key_name: 'خادم الإنتاج',
  occurrences: 1,
  created_at: '2025-03-05T10:00:00.000Z',
  last_seen_at: '2025-03-05T10:00:00.000Z',
  notified_at: '2025-03-05T10:00:05.000Z',
  resolved_at: null,
  is_test: false,
  ...overrides,
});

describe('buildEventsQuery', () => {
  it("sends the console's mode and only the filters that are set, 7 days by default", () => {
    expect(buildEventsQuery('live', { date_range: '7d' })).toBe('mode=live&date_range=7d');
    expect(
      buildEventsQuery(
        'test',
        { severity: 'critical', event_type: 'geo_blocked', date_range: '90d' },
        { page: 3, pageSize: 20 },
      ),
    ).toBe('mode=test&severity=critical&event_type=geo_blocked&date_range=90d&page=3&page_size=20');
  });
});

describe('security events panel', () => {
  beforeEach(() => localStorage.setItem('org_token', 'access-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('tells a suspicious activity by its cause, without the English text the API recorded', async () => {
    mockApi({
      'GET /api/v1/security/events': () =>
        json(200, {
          events: [
            event({
              event_type: 'suspicious_activity',
              event_severity: 'critical',
              event_description: 'Burst of failed authentications from 198.51.100.9',
              additional_data: { failure: 'authentication', failures_in_window: 10 },
            }),
          ],
          total: 1,
          page: 1,
          page_size: 20,
        }),
    });
    renderWithProviders(<SecurityEventsPanel organizationId={ORG_ID} canResolve />);
    const table = await screen.findByRole('region', { name: 'جدول أحداث الأمان' });
    expect(await within(table).findByText(/محاولات مصادقة فاشلة متتالية من/)).toBeVisible();
    expect(within(table).queryByText(/Burst of failed/)).not.toBeInTheDocument();
    expect(within(table).queryByText(/قدّمت جهة أخرى/)).not.toBeInTheDocument();
  });

  it('links to the requests around an event a request caused, and only then', async () => {
    const KEY_ID = '00000000-0000-4000-8000-0000000000a1';
    mockApi({
      'GET /api/v1/security/events': () =>
        json(200, {
          events: [
            event({ api_key_id: KEY_ID }),
            event({
              id: '00000000-0000-4000-8000-0000000000e2',
              event_type: 'misuse_reported',
              event_severity: 'critical',
              event_description: 'The holder of the national id reported code x as not theirs',
              client_ip: null,
              user_agent: null,
              request_path: null,
              request_method: null,
              additional_data: { token_id: 'tok_1', role: 'issued', revoked: true, note: null },
              api_key_id: null,
              api_key_name: null,
            }),
          ],
          total: 2,
          page: 1,
          page_size: 20,
        }),
    });
    renderWithProviders(<SecurityEventsPanel organizationId={ORG_ID} canResolve />);
    const table = await screen.findByRole('region', { name: 'جدول أحداث الأمان' });
    const [fromRequest, reported] = within(table).getAllByRole('row').slice(1);
    const link = within(fromRequest!).getByRole('link', { name: 'الطلبات حول هذا الحدث' });
    const search = new URLSearchParams(link.getAttribute('href')!.split('?')[1]);
    expect(Object.fromEntries(search)).toEqual({
      section: 'verification',
      tab: 'requests',
      api_key_id: KEY_ID,
      from: '2025-03-05T09:59:00.000Z',
      to: '2025-03-05T10:01:00.000Z',
    });
    expect(within(reported!).getByText('بلاغ إساءة استخدام')).toBeInTheDocument();
    expect(within(reported!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('asks for the chosen filters and shows each event with its status', async () => {
    const { fetchMock } = mockApi({
      'GET /api/v1/security/events': () =>
        json(200, { events: [event()], total: 1, page: 1, page_size: 20 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<SecurityEventsPanel organizationId={ORG_ID} canResolve />);

    await screen.findByText('curl/8.5.0');
    const table = screen.getByRole('region', { name: 'جدول أحداث الأمان' });
    const lastQuery = () =>
      new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost').searchParams.toString();
    expect(lastQuery()).toBe('mode=live&date_range=7d&page=1&page_size=20');
    expect(within(table).getByText('تحذير')).toBeInTheDocument();
    expect(within(table).getByText('عنوان IP جديد')).toBeInTheDocument();
    expect(within(table).getByText(/استُخدم المفتاح .*خادم الإنتاج.* من عنوان جديد/)).toBeVisible();
    expect(within(table).getByText('198.51.100.9')).toHaveAttribute('dir', 'ltr');
    expect(within(table).getByText('curl/8.5.0')).toBeInTheDocument();
    expect(within(table).getByText('مفتوح')).toBeInTheDocument();
    expect(within(table).getByText('أُرسل إشعار')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('الخطورة'), 'critical');
    await waitFor(() =>
      expect(lastQuery()).toBe('mode=live&severity=critical&date_range=7d&page=1&page_size=20'),
    );
    await user.selectOptions(screen.getByLabelText('نوع الحدث'), 'rate_limit_exceeded');
    await user.selectOptions(screen.getByLabelText('الفترة'), '30d');
    await waitFor(() =>
      expect(lastQuery()).toBe(
        'mode=live&severity=critical&event_type=rate_limit_exceeded&date_range=30d&page=1&page_size=20',
      ),
    );
    expect(
      within(screen.getByLabelText('نوع الحدث'))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual([
      '',
      'key_first_use',
      'new_ip_detected',
      'rate_limit_exceeded',
      'invalid_scope',
      'suspicious_activity',
      'geo_blocked',
      'ip_blocked',
      'key_disabled',
      'subject_locked',
      'misuse_reported',
    ]);
  });

  it('keeps its filters and page in the address: a reload or a shared link shows the same list', async () => {
    const { fetchMock } = mockApi({
      'GET /api/v1/security/events': ({ url }) =>
        json(200, {
          events: [event()],
          total: 45,
          page: Number(url.searchParams.get('page')),
          page_size: 20,
        }),
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(
      <SecurityEventsPanel organizationId={ORG_ID} canResolve />,
      {
        entries: [
          '/org-dashboard?section=verification&severity=critical&event_type=geo_blocked&date_range=30d&events_page=2',
        ],
      },
    );

    expect(await screen.findByText('صفحة 2 من 3')).toBeInTheDocument();
    const asked = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
    expect(asked.searchParams.toString()).toBe(
      'mode=live&severity=critical&event_type=geo_blocked&date_range=30d&page=2&page_size=20',
    );
    expect(screen.getByLabelText('الخطورة')).toHaveValue('critical');
    expect(screen.getByLabelText('نوع الحدث')).toHaveValue('geo_blocked');
    expect(screen.getByLabelText('الفترة')).toHaveValue('30d');

    await user.selectOptions(screen.getByLabelText('الخطورة'), 'warning');
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?section=verification&severity=warning&event_type=geo_blocked&date_range=30d',
      ),
    );
  });

  it('pages through the events and starts again on page 1 when a filter changes', async () => {
    const { fetchMock } = mockApi({
      'GET /api/v1/security/events': ({ url }) =>
        json(200, {
          events: [
            event({ id: `00000000-0000-4000-8000-00000000000${url.searchParams.get('page')}` }),
          ],
          total: 45,
          page: Number(url.searchParams.get('page')),
          page_size: 20,
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<SecurityEventsPanel organizationId={ORG_ID} canResolve />);

    expect(await screen.findByText('1–20 من 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'السابق' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'التالي' }));
    expect(await screen.findByText('صفحة 2 من 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'التالي' }));
    expect(await screen.findByText('41–45 من 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'التالي' })).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('الفترة'), '1d');
    expect(await screen.findByText('صفحة 1 من 3')).toBeInTheDocument();
    const page = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost').searchParams;
    expect(page.get('page')).toBe('1');
    expect(page.get('date_range')).toBe('1d');
  });

  it('resolves an open event, with a toast', async () => {
    let resolvedAt: string | null = null;
    const { callsTo } = mockApi({
      'GET /api/v1/security/events': () =>
        json(200, {
          events: [event({ resolved_at: resolvedAt })],
          total: 1,
          page: 1,
          page_size: 20,
        }),
      [`PATCH /api/v1/security/events/${EVENT_ID}/resolve`]: () => {
        resolvedAt = '2025-03-05T11:00:00.000Z';
        return json(200, { success: true, event: { id: EVENT_ID, resolved_at: resolvedAt } });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SecurityEventsPanel organizationId={ORG_ID} canResolve />);

    await user.click(await screen.findByRole('button', { name: 'حل' }));
    expect(await screen.findByText('تم تعليم الحدث كمحلول')).toBeInTheDocument();
    expect(await screen.findByText('محلول')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'حل' })).not.toBeInTheDocument();
    expect(callsTo(`PATCH /api/v1/security/events/${EVENT_ID}/resolve`)).toHaveLength(1);
  });

  it('exports the filtered events as a dated CSV file', async () => {
    const { fetchMock } = mockApi({
      'GET /api/v1/security/events': () =>
        json(200, { events: [], total: 0, page: 1, page_size: 20 }),
      'GET /api/v1/security/events/export': () =>
        new Response('created_at,event_type\r\n', { headers: { 'content-type': 'text/csv' } }),
    });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:events');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    const user = userEvent.setup();
    renderWithProviders(<SecurityEventsPanel organizationId={ORG_ID} canResolve />);

    expect(await screen.findByText('لا توجد أحداث أمان')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('الخطورة'), 'warning');
    await user.click(screen.getByRole('button', { name: 'تصدير CSV' }));

    expect(await screen.findByText('تم تصدير أحداث الأمان بنجاح')).toBeInTheDocument();
    const exportUrl = String(
      fetchMock.mock.calls.find(([url]) => String(url).includes('/export'))![0],
    );
    expect(exportUrl).toBe(
      '/api/v1/security/events/export?format=csv&mode=live&severity=warning&date_range=7d',
    );
    expect(clicks).toHaveLength(1);
    expect(clicks[0]).toMatch(/^security-events-\d{4}-\d{2}-\d{2}\.csv$/);
    const blob = createObjectURL.mock.calls[0]![0];
    // The byte-order mark that spreadsheets need to read Arabic is put back.
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('created_at,event_type\r\n');
    click.mockRestore();
  });
});
