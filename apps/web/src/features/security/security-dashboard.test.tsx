import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/mock-api.tsx';
import { SecurityDashboard } from './security-dashboard.tsx';
import { apiKey, ORG_ID } from './test/fixtures.ts';

const handlers = {
  'GET /api/v1/security/stats': () =>
    json(200, {
      success: true,
      data: {
        total_api_keys: 1,
        active_api_keys: 1,
        total_requests_today: 0,
        blocked_requests_today: 0,
        critical_events_count: 1,
        trusted_ips_count: 0,
        countries_blocked: 0,
        rate_limit_violations: 0,
        blocked_percentage: 0,
        security_score: 90,
        security_label: 'Needs Attention',
        show_alert: true,
      },
    }),
  'GET /api/v1/security/api-keys': () => json(200, { api_keys: [apiKey()] }),
  'GET /api/v1/security/events': () => json(200, { events: [], total: 0, page: 1, page_size: 20 }),
  'GET /api/v1/dashboard/security/analytics': () =>
    json(200, {
      days: 7,
      time_zone: 'Asia/Riyadh',
      from: '2025-02-27',
      to: '2025-03-05',
      series: [],
      totals: { requests: 0, outcomes: {}, p50_ms: null, p99_ms: null },
    }),
};

describe('security dashboard', () => {
  beforeEach(() => localStorage.setItem('org_token', 'access-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('gives the keys item the keys and network tabs only, and the verification item the rest', async () => {
    mockApi(handlers);
    const keys = renderWithProviders(
      <SecurityDashboard organization={{ id: ORG_ID, role: 'owner' }} page="keys" />,
    );
    expect(await screen.findByRole('tab', { name: 'مفاتيح API' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('group', { name: 'خادم الإنتاج' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'مفاتيح API',
      'التحكم في IP والمواقع الجغرافية',
    ]);
    expect(screen.queryByText('درجة الأمان')).not.toBeInTheDocument();
    keys.unmount();

    const user = userEvent.setup();
    renderWithProviders(
      <SecurityDashboard organization={{ id: ORG_ID, role: 'owner' }} page="verification" />,
      { entries: ['/org-dashboard?section=verification&tab=requests'] },
    );
    expect(await screen.findByText('درجة الأمان')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'أحداث الأمان',
      'سجل الطلبات',
    ]);
    // The alert box leads to the events.
    await user.click(await screen.findByRole('button', { name: 'عرض الأحداث' }));
    expect(screen.getByRole('tab', { name: 'أحداث الأمان' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByText('لا توجد أحداث أمان')).toBeInTheDocument();
  });

  it('opens on the events tab for the verification item', async () => {
    mockApi({
      ...handlers,
      'GET /api/v1/security/events': () =>
        json(200, {
          events: [
            {
              id: '00000000-0000-4000-8000-0000000000e9',
              event_type: 'suspicious_activity',
              event_severity: 'critical',
              event_description: 'Token T1 was presented by an organisation it is not addressed to',
              client_ip: '192.0.2.44',
              user_agent: null,
              request_path: '/v1/tokens/verify',
              request_method: 'POST',
              additional_data: null,
              api_key_id: null,
              api_key_name: null,
              created_at: '2025-03-05T10:00:00.000Z',
              notified_at: null,
              resolved_at: null,
            },
          ],
          total: 1,
          page: 1,
          page_size: 20,
        }),
    });
    renderWithProviders(
      <SecurityDashboard organization={{ id: ORG_ID, role: 'developer' }} page="verification" />,
    );
    expect(await screen.findByRole('tab', { name: 'أحداث الأمان' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByText('192.0.2.44')).toBeInTheDocument();
    const table = screen.getByRole('region', { name: 'جدول أحداث الأمان' });
    expect(within(table).getByText('حرج')).toBeInTheDocument();
    // A developer reads events but only owners and admins resolve them.
    expect(screen.queryByRole('button', { name: 'حل' })).not.toBeInTheDocument();
  });

  it('tells a verifier the security center is not for their role, asking the API nothing', async () => {
    const { fetchMock } = mockApi({});
    renderWithProviders(
      <>
        <SecurityDashboard organization={{ id: ORG_ID, role: 'verifier' }} page="verification" />
        <SecurityDashboard organization={{ id: ORG_ID, role: 'verifier' }} page="keys" />
      </>,
    );
    expect(screen.getAllByText(/لوحة الأمان متاحة لمالكي الجهة/)).not.toHaveLength(0);
    expect(
      screen.getByText('إدارة مفاتيح API متاحة لمالكي الجهة ومسؤوليها ومطوريها فقط.'),
    ).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
