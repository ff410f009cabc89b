import type { AnalyticsDay, SecurityAnalytics } from '@tanqin/shared';
import { focusManager } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type MockRequest, mockApi, renderWithProviders } from '../../../test/mock-api.tsx';
import { ORG_ID } from '../test/fixtures.ts';
import { AnalyticsPanel } from './analytics-panel.tsx';

const ANALYTICS = 'GET /api/v1/dashboard/security/analytics';

function analytics({ url }: MockRequest) {
  const days = Number(url.searchParams.get('days'));
  const series = Array.from({ length: days }, (_, index): AnalyticsDay => {
    const date = new Date(Date.UTC(2026, 10, 24 - (days - 1) + index)).toISOString().slice(0, 10);
    const last = index === days - 1;
    return {
      date,
      requests: last ? 13 : 0,
      outcomes: last ? { success: 10, rate_limited: 2, invalid_api_key: 1 } : {},
      p50_ms: last ? 12 : null,
      p99_ms: last ? 180 : null,
    };
  });
  const answer: SecurityAnalytics = {
    days,
    time_zone: 'Asia/Riyadh',
    from: series[0]!.date,
    to: series.at(-1)!.date,
    series,
    totals: {
      requests: 13,
      outcomes: { success: 10, rate_limited: 2, invalid_api_key: 1 },
      p50_ms: 12,
      p99_ms: 180,
    },
  };
  return json(200, answer);
}

describe('analytics panel', () => {
  beforeEach(() => localStorage.setItem('org_token', 'access-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    focusManager.setFocused(undefined);
  });

  it('charts the calls per day by result and the p50/p99, over 7 or 30 days', async () => {
    const api = mockApi({ [ANALYTICS]: analytics });
    const user = userEvent.setup();
    renderWithProviders(<AnalyticsPanel organizationId={ORG_ID} />);

    expect(await screen.findByTestId('analytics-totals')).toHaveTextContent(
      '13 طلباً، رُفض منها 3 (23.1٪)',
    );
    const requests = screen.getByRole('img', { name: 'الطلبات يومياً حسب النتيجة' });
    // One bar on the day with calls: a band per result.
    expect(requests.querySelectorAll('rect')).toHaveLength(3);
    const legend = within(requests.closest('figure')!).getByRole('list');
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['مقبولة(10)', 'تجاوز حد الطلبات(2)', 'مفتاح أو سر خاطئ(1)']);
    const latency = screen.getByRole('img', { name: 'مدة المعالجة يومياً (ملي ثانية)' });
    expect(latency.querySelectorAll('circle')).toHaveLength(2);
    // The figures are a table for screen readers too.
    const table = screen.getByRole('table', { name: 'الطلبات يومياً حسب النتيجة' });
    expect(within(table).getAllByRole('row')).toHaveLength(8);

    await user.click(screen.getByRole('radio', { name: '30 يوماً' }));
    expect(
      await screen.findByRole('table', { name: 'الطلبات يومياً حسب النتيجة' }),
    ).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'الطلبات يومياً حسب النتيجة' })).getAllByRole(
          'row',
        ),
      ).toHaveLength(31),
    );
    expect(api.callsTo(ANALYTICS).map(([url]) => new URL(url, 'http://x').search)).toEqual([
      '?days=7&mode=live',
      '?days=30&mode=live',
    ]);
  });

  it('reads the figures again every 30 seconds while the page is visible, not while hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({ [ANALYTICS]: analytics });
    renderWithProviders(<AnalyticsPanel organizationId={ORG_ID} />);
    await screen.findByTestId('analytics-totals');
    expect(api.callsTo(ANALYTICS)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(api.callsTo(ANALYTICS)).toHaveLength(2);

    act(() => focusManager.setFocused(false));
    await act(() => vi.advanceTimersByTimeAsync(90_000));
    expect(api.callsTo(ANALYTICS)).toHaveLength(2);

    // Back on the page: read at once, then every 30 seconds again.
    act(() => focusManager.setFocused(true));
    await vi.waitFor(() => expect(api.callsTo(ANALYTICS)).toHaveLength(3));
  });
});
