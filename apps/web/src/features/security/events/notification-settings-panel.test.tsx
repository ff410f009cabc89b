import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../../test/mock-api.tsx';
import type { NotificationDelivery } from '../api/get-notification-deliveries.ts';
import type { NotificationPreference } from '../api/get-notification-preferences.ts';
import { ORG_ID } from '../test/fixtures.ts';
import { NotificationSettingsPanel } from './notification-settings-panel.tsx';

const PREFERENCE_ID = '00000000-0000-4000-8000-0000000000a1';
const preference = (overrides: Partial<NotificationPreference> = {}): NotificationPreference => ({
  id: PREFERENCE_ID,
  notification_type: 'email',
  event_types: ['suspicious_activity', 'rate_limit_exceeded'],
  destination: 'soc@example.sa',
  is_active: true,
  confirmed_at: '2025-03-05T10:05:00.000Z',
  confirmation_expires_at: null,
  created_at: '2025-03-05T10:00:00.000Z',
  ...overrides,
});

const delivery = (overrides: Partial<NotificationDelivery> = {}): NotificationDelivery => ({
  id: '00000000-0000-4000-8000-0000000000d1',
  preference_id: PREFERENCE_ID,
  event_id: '00000000-0000-4000-8000-0000000000e1',
  verification_request_id: null,
  event_type: 'suspicious_activity',
  status: 'delivered',
  attempts: 1,
  last_error: null,
  response_status: 200,
  created_at: '2025-03-05T10:00:00.000Z',
  last_attempt_at: '2025-03-05T10:00:30.000Z',
  next_attempt_at: null,
  delivered_at: '2025-03-05T10:00:30.000Z',
  replay_of: null,
  ...overrides,
});
const FAILED_ID = '00000000-0000-4000-8000-0000000000d2';
const DELIVERIES_PATH = `GET /api/v1/security/notifications/${PREFERENCE_ID}/deliveries`;
const REPLAY_PATH = `POST /api/v1/security/notifications/deliveries/${FAILED_ID}/replay`;
const page = (deliveries: NotificationDelivery[]) =>
  json(200, { deliveries, total: deliveries.length, page: 1, page_size: 50 });

const renderPanel = (canManage = true) =>
  renderWithProviders(<NotificationSettingsPanel organizationId={ORG_ID} canManage={canManage} />);

describe('notification settings', () => {
  beforeEach(() => localStorage.setItem('org_token', 'access-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists each preference with its destination, event types and an active switch', async () => {
    let isActive = true;
    const { bodiesOf } = mockApi({
      'GET /api/v1/security/notifications': () =>
        json(200, { notification_preferences: [preference({ is_active: isActive })] }),
      [`PATCH /api/v1/security/notifications/${PREFERENCE_ID}`]: () => {
        isActive = false;
        return json(200, {
          success: true,
          notification_preference: preference({ is_active: false }),
        });
      },
    });
    const user = userEvent.setup();
    renderPanel();

    expect(await screen.findByText('soc@example.sa')).toHaveAttribute('dir', 'ltr');
    const types = screen.getByRole('list', { name: 'أنواع الأحداث' });
    expect(within(types).getByText('نشاط مشبوه')).toBeInTheDocument();
    expect(within(types).getByText('تجاوز حد الطلبات')).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'تفعيل الإشعار إلى soc@example.sa' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(await screen.findByText('معطّل')).toBeInTheDocument();
    expect(bodiesOf(`PATCH /api/v1/security/notifications/${PREFERENCE_ID}`)[0]).toEqual({
      is_active: false,
    });
  });

  it('adds a webhook only with a destination and an event type, then shows its secret once', async () => {
    let preferences: NotificationPreference[] = [];
    const { callsTo, bodiesOf } = mockApi({
      'GET /api/v1/security/notifications': () =>
        json(200, { notification_preferences: preferences }),
      'POST /api/v1/security/notifications': () => {
        const created = preference({
          notification_type: 'webhook',
          destination: 'https://soc.example.sa/hooks/tanqin',
          event_types: ['geo_blocked'],
        });
        preferences = [created];
        return json(201, {
          success: true,
          notification_preference: created,
          signing_secret: 'whsec_c2VjcmV0LXNpZ25pbmcta2V5',
        });
      },
    });
    const user = userEvent.setup();
    renderPanel();

    await user.click(await screen.findByRole('button', { name: 'إضافة إشعار' }));
    const dialog = screen.getByRole('dialog', { name: 'إضافة إشعار' });
    const submit = within(dialog).getByRole('button', { name: 'إضافة الإشعار' });
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Webhook' }));
    await user.click(within(dialog).getByLabelText('رابط Webhook'));
    await user.paste('http://soc.example.sa/hooks/tanqin');
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'حظر جغرافي' }));
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(
      await within(dialog).findByText('رابط Webhook يجب أن يكون رابط https صالحاً'),
    ).toBeVisible();
    expect(callsTo('POST /api/v1/security/notifications')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('رابط Webhook'));
    await user.paste('https://soc.example.sa/hooks/tanqin');
    await user.click(submit);

    expect(await screen.findByText('تم إنشاء تفضيل الإشعار بنجاح')).toBeInTheDocument();
    expect(bodiesOf('POST /api/v1/security/notifications')[0]).toEqual({
      notification_type: 'webhook',
      event_types: ['geo_blocked'],
      destination: 'https://soc.example.sa/hooks/tanqin',
    });
    const secret = screen.getByRole('region', { name: 'سرّ توقيع Webhook' });
    expect(within(secret).getByText('whsec_c2VjcmV0LXNpZ25pbmcta2V5')).toBeInTheDocument();
    expect(within(secret).getByText(/فلن يظهر مرة أخرى/)).toBeInTheDocument();
    await user.click(within(secret).getByRole('button', { name: 'نسخ سرّ التوقيع' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('whsec_c2VjcmV0LXNpZ25pbmcta2V5');
    expect(await screen.findByText('https://soc.example.sa/hooks/tanqin')).toBeInTheDocument();
    await user.click(within(secret).getByRole('button', { name: 'حفظت السرّ، أخفِه' }));
    expect(screen.queryByText('whsec_c2VjcmV0LXNpZ25pbmcta2V5')).not.toBeInTheDocument();
  });

  it('says so clearly when the server has no notifications API yet', async () => {
    mockApi({
      'GET /api/v1/security/notifications': () =>
        json(404, {
          code: 'route_not_found',
          detail: 'Route GET /api/v1/security/notifications not found',
        }),
    });
    renderPanel();
    expect(
      await screen.findByText(/إعدادات إشعارات الأمان غير متاحة بعد على هذا الخادم/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'إضافة إشعار' })).not.toBeInTheDocument();
  });

  it('lets a viewer read the preferences without switches that work', async () => {
    mockApi({
      'GET /api/v1/security/notifications': () =>
        json(200, { notification_preferences: [preference()] }),
    });
    renderPanel(false);
    expect(
      await screen.findByRole('switch', { name: 'تفعيل الإشعار إلى soc@example.sa' }),
    ).toBeDisabled();
    expect(screen.queryByRole('button', { name: /حذف الإشعار/ })).not.toBeInTheDocument();
  });

  describe('delivery log', () => {
    const openLog = async (user: ReturnType<typeof userEvent.setup>) => {
      await user.click(
        await screen.findByRole('button', { name: 'سجل التسليم للإشعار إلى soc@example.sa' }),
      );
      return screen.findByRole('region', { name: 'سجل التسليم' });
    };

    it('lists the deliveries of a preference with their status, attempts and last error', async () => {
      const { callsTo } = mockApi({
        'GET /api/v1/security/notifications': () =>
          json(200, { notification_preferences: [preference()] }),
        [DELIVERIES_PATH]: () =>
          page([
            delivery({
              id: '00000000-0000-4000-8000-0000000000d3',
              event_type: 'geo_blocked',
              status: 'pending',
              attempts: 0,
              delivered_at: null,
            }),
            delivery({
              id: FAILED_ID,
              event_type: 'rate_limit_exceeded',
              status: 'failed',
              attempts: 8,
              last_error: 'HTTP 503 Service Unavailable',
              delivered_at: null,
            }),
            delivery(),
            delivery({
              id: '00000000-0000-4000-8000-0000000000d4',
              event_id: null,
              verification_request_id: 'vrq_answered',
              event_type: 'verification_request.fulfilled',
              status: 'pending',
              attempts: 1,
              last_error: 'HTTP 500',
              delivered_at: null,
            }),
          ]),
      });
      const user = userEvent.setup();
      renderPanel();
      expect(callsTo(DELIVERIES_PATH)).toHaveLength(0);

      const log = await openLog(user);
      const table = await within(log).findByRole('table');
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(4);
      expect(within(rows[0]!).getByText('حظر جغرافي')).toBeInTheDocument();
      expect(within(rows[0]!).getByText('قيد الانتظار')).toBeInTheDocument();
      expect(within(rows[1]!).getByText('تجاوز حد الطلبات')).toBeInTheDocument();
      expect(within(rows[1]!).getByText('فشل')).toBeInTheDocument();
      expect(within(rows[1]!).getByText('8')).toBeInTheDocument();
      expect(within(rows[1]!).getByText('HTTP 503 Service Unavailable')).toHaveAttribute(
        'dir',
        'ltr',
      );
      expect(within(rows[2]!).getByText('نشاط مشبوه')).toBeInTheDocument();
      expect(within(rows[2]!).getByText('تم التسليم')).toBeInTheDocument();
      expect(within(rows[2]!).getAllByText(/مارس 2025/)).toHaveLength(2);
      // An answered verification request is delivered (and retried) on the same channel.
      expect(within(rows[3]!).getByText('إجابة طلب بيانات')).toBeInTheDocument();
      expect(within(rows[3]!).getByText('HTTP 500')).toBeInTheDocument();

      await user.click(within(log).getByRole('button', { name: 'تحديث السجل' }));
      await waitFor(() => expect(callsTo(DELIVERIES_PATH)).toHaveLength(2));
    });

    it('says when nothing has been sent yet, and offers no replay to a viewer', async () => {
      mockApi({
        'GET /api/v1/security/notifications': () =>
          json(200, { notification_preferences: [preference()] }),
        [DELIVERIES_PATH]: () => page([]),
      });
      const user = userEvent.setup();
      renderPanel(false);
      const log = await openLog(user);
      expect(await within(log).findByText('لا توجد عمليات تسليم بعد')).toBeInTheDocument();
      expect(within(log).queryByRole('table')).not.toBeInTheDocument();
    });

    it('shows an error with a retry when the log fails to load', async () => {
      let fails = true;
      mockApi({
        'GET /api/v1/security/notifications': () =>
          json(200, { notification_preferences: [preference()] }),
        [DELIVERIES_PATH]: () => (fails ? json(500, { code: 'internal' }) : page([delivery()])),
      });
      const user = userEvent.setup();
      renderPanel();
      const log = await openLog(user);
      expect(await within(log).findByText('تعذر تحميل سجل التسليم. أعد المحاولة.')).toBeVisible();
      fails = false;
      await user.click(within(log).getByRole('button', { name: 'إعادة المحاولة' }));
      expect(await within(log).findByText('تم التسليم')).toBeInTheDocument();
    });

    it('replays a failed delivery, then shows the new pending one', async () => {
      let deliveries = [
        delivery({ id: FAILED_ID, status: 'failed', attempts: 8, last_error: 'HTTP 500' }),
      ];
      const { callsTo } = mockApi({
        'GET /api/v1/security/notifications': () =>
          json(200, { notification_preferences: [preference()] }),
        [DELIVERIES_PATH]: () => page(deliveries),
        [REPLAY_PATH]: () => {
          const replayed = delivery({
            id: '00000000-0000-4000-8000-0000000000d4',
            status: 'pending',
            attempts: 0,
            delivered_at: null,
            replay_of: FAILED_ID,
          });
          deliveries = [replayed, ...deliveries];
          return json(202, { success: true, delivery: replayed });
        },
      });
      const user = userEvent.setup();
      renderPanel();
      const log = await openLog(user);
      await user.click(await within(log).findByRole('button', { name: 'إعادة الإرسال' }));

      expect(await screen.findByText('أُعيد إرسال الإشعار وسيصل خلال لحظات')).toBeInTheDocument();
      expect(callsTo(REPLAY_PATH)).toHaveLength(1);
      expect(await within(log).findByText('قيد الانتظار')).toBeInTheDocument();
      expect(within(log).getAllByRole('row')).toHaveLength(3);
      expect(callsTo(DELIVERIES_PATH)).toHaveLength(2);
    });

    it('explains a 409 when the delivery is still pending', async () => {
      mockApi({
        'GET /api/v1/security/notifications': () =>
          json(200, { notification_preferences: [preference()] }),
        [DELIVERIES_PATH]: () =>
          page([delivery({ id: FAILED_ID, status: 'failed', last_error: 'HTTP 500' })]),
        [REPLAY_PATH]: () =>
          json(409, {
            code: 'delivery_pending',
            detail: 'This delivery is still pending; it is sent when due',
          }),
      });
      const user = userEvent.setup();
      renderPanel();
      const log = await openLog(user);
      await user.click(await within(log).findByRole('button', { name: 'إعادة الإرسال' }));
      expect(
        await screen.findByText(
          'لا يمكن إعادة إرسال هذا الإشعار الآن: ما زال قيد الانتظار وسيُرسل في موعده',
        ),
      ).toBeInTheDocument();
      expect(screen.queryByText(/still pending/)).not.toBeInTheDocument();
    });
  });

  it('sends a test message on a channel and says whether it arrived', async () => {
    let answer = { status: 'delivered', response_status: 200, error: null } as const as {
      status: 'delivered' | 'failed';
      response_status: number | null;
      error: string | null;
    };
    const webhook = preference({
      notification_type: 'webhook',
      destination: 'https://hooks.example.sa/tanqin',
    });
    const { callsTo } = mockApi({
      'GET /api/v1/security/notifications': () =>
        json(200, { notification_preferences: [webhook] }),
      [`POST /api/v1/security/notifications/${PREFERENCE_ID}/test`]: () =>
        json(200, { success: true, delivery: answer }),
    });
    const user = userEvent.setup();
    renderPanel();

    const send = await screen.findByRole('button', {
      name: 'إرسال إشعار تجريبي إلى https://hooks.example.sa/tanqin',
    });
    await user.click(send);
    expect(
      await screen.findByText('وصل الإشعار التجريبي إلى https://hooks.example.sa/tanqin'),
    ).toBeInTheDocument();

    answer = { status: 'failed', response_status: 500, error: 'HTTP 500' };
    await user.click(send);
    expect(
      await screen.findByText('لم يصل الإشعار التجريبي: أجاب عنوان Webhook بالرمز 500'),
    ).toBeInTheDocument();
    expect(callsTo(`POST /api/v1/security/notifications/${PREFERENCE_ID}/test`)).toHaveLength(2);
  });

  it("marks an address awaiting its owner's confirmation, with its link's expiry and a resend", async () => {
    const inADay = new Date(Date.now() + 20 * 3600_000).toISOString();
    let awaiting = preference({
      confirmed_at: null,
      confirmation_expires_at: '2025-03-06T10:00:00.000Z',
    });
    const { callsTo } = mockApi({
      'GET /api/v1/security/notifications': () =>
        json(200, { notification_preferences: [awaiting] }),
      [`POST /api/v1/security/notifications/${PREFERENCE_ID}/confirmation`]: () => {
        awaiting = { ...awaiting, confirmation_expires_at: inADay };
        return json(202, { success: true, notification_preference: awaiting });
      },
    });
    const user = userEvent.setup();
    renderPanel();

    expect(await screen.findByText('بانتظار التأكيد')).toBeInTheDocument();
    expect(screen.getByText(/^انتهت صلاحية رابط التأكيد في /)).toBeInTheDocument();
    // Nothing can be sent to it before its owner confirms: no test message either.
    expect(screen.queryByRole('button', { name: /إرسال إشعار تجريبي/ })).not.toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: 'إعادة إرسال رابط التأكيد إلى soc@example.sa' }),
    );
    expect(await screen.findByText('أُرسل رابط تأكيد جديد إلى soc@example.sa')).toBeInTheDocument();
    expect(await screen.findByText(/الرابط صالح حتى /)).toBeInTheDocument();
    expect(
      callsTo(`POST /api/v1/security/notifications/${PREFERENCE_ID}/confirmation`),
    ).toHaveLength(1);
  });

  it('shows no badge or resend for a confirmed address, and none to a role that cannot manage', async () => {
    mockApi({
      'GET /api/v1/security/notifications': () =>
        json(200, {
          notification_preferences: [
            preference(),
            preference({
              id: '00000000-0000-4000-8000-0000000000a2',
              destination: 'new@example.sa',
              confirmed_at: null,
              confirmation_expires_at: new Date(Date.now() + 3600_000).toISOString(),
            }),
          ],
        }),
    });
    renderPanel(false);
    expect(await screen.findAllByText('بانتظار التأكيد')).toHaveLength(1);
    expect(
      screen.queryByRole('button', { name: /إعادة إرسال رابط التأكيد/ }),
    ).not.toBeInTheDocument();
  });

  it('offers no test message to a role that cannot manage the channels', async () => {
    mockApi({
      'GET /api/v1/security/notifications': () =>
        json(200, { notification_preferences: [preference()] }),
    });
    renderPanel(false);
    await screen.findByText('soc@example.sa');
    expect(screen.queryByRole('button', { name: /إرسال إشعار تجريبي/ })).not.toBeInTheDocument();
  });
});
