import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/mock-api.tsx';
import { SessionsList } from './sessions-list.tsx';

afterEach(() => vi.unstubAllGlobals());

const session = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  current: false,
  device: { browser: 'Safari', os: 'iOS', kind: 'mobile' },
  user_agent: 'Mozilla/5.0 (iPhone)',
  ip: '8.8.8.8',
  country: 'US',
  created_at: '2026-11-20T09:00:00.000Z',
  last_seen_at: '2026-11-22T10:00:00.000Z',
  ...overrides,
});

const CURRENT = '11111111-1111-4111-8111-111111111111';
const PHONE = '22222222-2222-4222-8222-222222222222';
const TABLET = '33333333-3333-4333-8333-333333333333';

describe('sessions and devices', () => {
  it('marks this device, ends another session, and ends all the others after confirmation', async () => {
    let open = [
      session(CURRENT, {
        current: true,
        device: { browser: 'Edge', os: 'Windows', kind: 'desktop' },
        ip: '10.0.0.1',
        country: null,
      }),
      session(PHONE),
      session(TABLET, { device: { browser: null, os: null, kind: 'unknown' } }),
    ];
    const api = mockApi({
      'GET /api/v1/auth/sessions': () => json(200, { sessions: open }),
      [`DELETE /api/v1/auth/sessions/${PHONE}`]: () => {
        open = open.filter((item) => item.id !== PHONE);
        return json(200, { success: true });
      },
      'POST /api/v1/auth/sessions/end-others': () => {
        const ended = open.filter((item) => !item.current).length;
        open = open.filter((item) => item.current);
        return json(200, { success: true, ended });
      },
    });
    localStorage.setItem('auth_token', 'personal-token');
    renderWithProviders(<SessionsList side="individual" />);
    const user = userEvent.setup();

    const list = await screen.findByRole('list', { name: 'جلساتك المفتوحة' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Edge على Windows')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('هذا الجهاز')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('8.8.8.8')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('جهاز غير معروف')).toBeInTheDocument();

    await user.click(within(rows[1]!).getByRole('button', { name: 'إنهاء الجلسة' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(api.callsTo(`DELETE /api/v1/auth/sessions/${PHONE}`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'إنهاء الجلسة الأخرى' }));
    await user.click(await screen.findByRole('button', { name: 'إنهاء الجلسات الأخرى' }));
    expect(await screen.findByText('حسابك مسجَّل الدخول على هذا الجهاز فقط.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/auth/sessions/end-others')).toHaveLength(1);
  });
});
