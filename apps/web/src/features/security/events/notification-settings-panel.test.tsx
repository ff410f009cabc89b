import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationPreference } from '../api/get-notification-preferences.ts';
import { json, mockApi, ORG_ID, renderWithClient } from '../test/mock-api.tsx';
import { NotificationSettingsPanel } from './notification-settings-panel.tsx';

const PREFERENCE_ID = '00000000-0000-4000-8000-0000000000a1';
const preference = (overrides: Partial<NotificationPreference> = {}): NotificationPreference => ({
  id: PREFERENCE_ID,
  notification_type: 'email',
  event_types: ['suspicious_activity', 'rate_limit_exceeded'],
  destination: 'soc@example.sa',
  is_active: true,
  created_at: '2025-03-05T10:00:00.000Z',
  ...overrides,
});

const renderPanel = (canManage = true) =>
  renderWithClient(<NotificationSettingsPanel organizationId={ORG_ID} canManage={canManage} />);

describe('notification settings', () => {
  beforeEach(() => localStorage.setItem('org_token', 'access-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists each preference with its destination, event types and an active switch', async () => {
    let isActive = true;
    const { callsTo, bodyOf } = mockApi({
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
    expect(bodyOf(callsTo(`PATCH /api/v1/security/notifications/${PREFERENCE_ID}`)[0]!)).toEqual({
      is_active: false,
    });
  });

  it('adds a webhook only with a destination and an event type, then shows its secret once', async () => {
    let preferences: NotificationPreference[] = [];
    const { callsTo, bodyOf } = mockApi({
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
    await user.click(within(dialog).getByRole('radio', { name: 'ويب هوك' }));
    await user.click(within(dialog).getByLabelText('رابط الويب هوك'));
    await user.paste('http://soc.example.sa/hooks/tanqin');
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'حظر جغرافي' }));
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(
      await within(dialog).findByText('رابط الويب هوك يجب أن يكون رابط https صالحاً'),
    ).toBeVisible();
    expect(callsTo('POST /api/v1/security/notifications')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('رابط الويب هوك'));
    await user.paste('https://soc.example.sa/hooks/tanqin');
    await user.click(submit);

    expect(await screen.findByText('تم إنشاء تفضيل الإشعار بنجاح')).toBeInTheDocument();
    expect(bodyOf(callsTo('POST /api/v1/security/notifications')[0]!)).toEqual({
      notification_type: 'webhook',
      event_types: ['geo_blocked'],
      destination: 'https://soc.example.sa/hooks/tanqin',
    });
    const secret = screen.getByRole('region', { name: 'سرّ توقيع الويب هوك' });
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
});
