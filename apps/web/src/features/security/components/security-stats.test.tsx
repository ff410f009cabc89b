import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../../test/mock-api.tsx';
import type { SecurityStats } from '../api/get-security-stats.ts';
import { ORG_ID } from '../test/fixtures.ts';
import { SecurityStatsPanel } from './security-stats.tsx';

const stats = (overrides: Partial<SecurityStats> = {}): SecurityStats => ({
  total_api_keys: 3,
  active_api_keys: 2,
  inactive_api_keys: 1,
  total_requests_today: 8,
  blocked_requests_today: 1,
  critical_events_count: 0,
  trusted_ips_count: 1,
  countries_blocked: 4,
  rate_limit_violations: 0,
  blocked_percentage: 12.5,
  security_score: 100,
  security_label: 'Excellent',
  show_alert: false,
  ...overrides,
});

/** The value shown under a card's label (label and value are a dt/dd pair). */
const cardValue = (label: string) => screen.getByText(label).nextElementSibling as HTMLElement;

describe('security statistics', () => {
  beforeEach(() => localStorage.setItem('org_token', 'access-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the seven cards from GET /security/stats, with the score and its label', async () => {
    mockApi({ 'GET /api/v1/security/stats': () => json(200, { success: true, data: stats() }) });
    renderWithProviders(<SecurityStatsPanel organizationId={ORG_ID} onShowEvents={() => {}} />);

    expect(await screen.findByTestId('security-score')).toHaveTextContent('100/100');
    expect(cardValue('درجة الأمان')).toHaveTextContent('ممتاز');
    expect(cardValue('مفاتيح API المفعّلة')).toHaveTextContent('2');
    expect(cardValue('مفاتيح API المفعّلة')).toHaveTextContent('الإجمالي 3 · المعطّلة 1');
    expect(cardValue('طلبات اليوم')).toHaveTextContent('8');
    expect(cardValue('طلبات اليوم')).toHaveTextContent('المرفوضة 1 (12.5٪)');
    expect(cardValue('الأحداث الحرجة')).toHaveTextContent('0');
    expect(cardValue('عناوين IP الموثوقة')).toHaveTextContent('1');
    expect(cardValue('الدول المحظورة')).toHaveTextContent('4');
    expect(cardValue('تجاوزات حد الطلبات اليوم')).toHaveTextContent('0');
    expect(screen.queryByText('تنبيه أمني: راجع أحداث الأمان')).not.toBeInTheDocument();
  });

  it('labels a low score as needing attention and raises the alert box for a critical event', async () => {
    const onShowEvents = vi.fn();
    mockApi({
      'GET /api/v1/security/stats': () =>
        json(200, {
          success: true,
          data: stats({
            critical_events_count: 2,
            active_api_keys: 0,
            trusted_ips_count: 0,
            security_score: 50,
            security_label: 'Needs Attention',
            show_alert: true,
          }),
        }),
    });
    renderWithProviders(<SecurityStatsPanel organizationId={ORG_ID} onShowEvents={onShowEvents} />);

    expect(await screen.findByTestId('security-score')).toHaveTextContent('50/100');
    expect(cardValue('درجة الأمان')).toHaveTextContent('يحتاج إلى اهتمام');
    const alert = screen.getByText('تنبيه أمني: راجع أحداث الأمان').closest('[role="alert"]');
    expect(alert).toHaveTextContent('أحداث حرجة لم تُحل: 2');
    await userEvent.click(
      within(alert as HTMLElement).getByRole('button', { name: 'عرض الأحداث' }),
    );
    expect(onShowEvents).toHaveBeenCalledOnce();
  });

  it('raises the alert box above 50 rate limit violations, not at 50', async () => {
    let violations = 50;
    mockApi({
      'GET /api/v1/security/stats': () =>
        json(200, {
          success: true,
          data: stats({
            rate_limit_violations: violations,
            security_score: 85,
            security_label: violations > 50 ? 'Needs Attention' : 'Good',
            show_alert: violations > 50,
          }),
        }),
    });
    const { queryClient } = renderWithProviders(
      <SecurityStatsPanel organizationId={ORG_ID} onShowEvents={() => {}} />,
    );
    expect(await screen.findByTestId('security-score')).toHaveTextContent('85/100');
    expect(screen.queryByText('تنبيه أمني: راجع أحداث الأمان')).not.toBeInTheDocument();

    violations = 51;
    await queryClient.invalidateQueries();
    expect(await screen.findByText('تجاوزت الطلبات حدود الاستخدام 51 مرة اليوم')).toBeVisible();
  });

  it('says the statistics failed, with a toast and a retry, never with invented numbers', async () => {
    mockApi({ 'GET /api/v1/security/stats': () => json(500, { code: 'internal_error' }) });
    renderWithProviders(<SecurityStatsPanel organizationId={ORG_ID} onShowEvents={() => {}} />);

    expect(await screen.findByText('تعذر تحميل إحصائيات الأمان')).toBeInTheDocument();
    expect(screen.getByText(/تعذر تحميل إحصائيات الأمان\. تحقق/)).toBeInTheDocument();
    expect(screen.queryByTestId('security-score')).not.toBeInTheDocument();
  });
});
