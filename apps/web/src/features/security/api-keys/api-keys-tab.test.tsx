import { problems, validationMessages } from '@tanqin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDisplayTimeZone } from '../../../lib/time-zone.ts';
import { json, mockApi, renderWithProviders } from '../../../test/mock-api.tsx';
import { apiKey, ORG_ID } from '../test/fixtures.ts';
import { ApiKeysTab } from './api-keys-tab.tsx';

const KEY_ID = '00000000-0000-4000-8000-000000000001';
const renderTab = () => renderWithProviders(<ApiKeysTab organizationId={ORG_ID} canManageKeys />);

describe('API keys tab', () => {
  beforeEach(() => localStorage.setItem('org_token', 'access-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the No API Keys empty state with a create button', async () => {
    mockApi({ 'GET /api/v1/security/api-keys': () => json(200, { api_keys: [] }) });
    renderTab();

    // The file's first render also loads the screen's modules: give it more than a second.
    expect(
      await screen.findByRole('heading', { name: 'لا توجد مفاتيح API' }, { timeout: 10_000 }),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'إنشاء مفتاح جديد' }));
    expect(screen.getByRole('dialog', { name: 'إنشاء مفتاح API جديد' })).toBeInTheDocument();
  });

  it('lists a key: state, masked key with reveal, usage, last use, scopes and allowed IPs', async () => {
    mockApi({
      'GET /api/v1/security/api-keys': () =>
        json(200, {
          api_keys: [
            apiKey({
              requests_this_minute: 2,
              requests_this_hour: 120,
              requests_today: 95,
              usage_count: 4000,
              last_used_at: '2025-03-05T10:00:00.000Z',
              last_used_ip: '203.0.113.7',
              allowed_ips: ['203.0.113.0/24'],
              scopes: ['token:verify', 'token:generate', 'security:read'],
            }),
          ],
        }),
    });
    const user = userEvent.setup();
    renderTab();

    const card = await screen.findByRole('group', { name: 'خادم الإنتاج' });
    expect(within(card).getByText('مفعّل')).toBeInTheDocument();
    expect(within(card).getByText('tqk_live_••••••••••••1234')).toBeInTheDocument();
    expect(within(card).queryByText('tqk_live_abcdefghijklmnop1234')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'إظهار المفتاح خادم الإنتاج' }));
    expect(within(card).getByText('tqk_live_abcdefghijklmnop1234')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'نسخ المفتاح خادم الإنتاج' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('tqk_live_abcdefghijklmnop1234');

    expect(within(card).getByText('120 من 1,000 طلب')).toBeInTheDocument();
    expect(within(card).getByText('هذه الدقيقة: 2 من 60')).toBeInTheDocument();
    // The meter counts every call, the footer the billed ones: each says which it counts.
    expect(
      within(card).getByText('كل الطلبات في الساعة الأخيرة، المحتسبة وغير المحتسبة، من حد المفتاح'),
    ).toBeInTheDocument();
    expect(within(card).getByText('الطلبات المحتسبة اليوم: 95')).toBeInTheDocument();
    expect(within(card).getByText('إجمالي الطلبات المحتسبة: 4,000')).toBeInTheDocument();
    expect(within(card).getByText(/^5 مارس 2025 في/)).toBeInTheDocument();
    expect(within(card).getByText('203.0.113.7')).toHaveAttribute('dir', 'ltr');
    // Scopes in the catalogue's order, each with its meaning.
    const scopes = within(card)
      .getAllByText(/^(token|security):/)
      .map((element) => element.textContent);
    expect(scopes).toEqual(['token:generate', 'token:verify', 'security:read']);
    expect(within(card).getByText('203.0.113.0/24')).toHaveAttribute('dir', 'ltr');
    expect(within(card).getByRole('switch', { name: 'تفعيل المفتاح خادم الإنتاج' })).toBeChecked();
  });

  it('colours the hourly usage bar green below 70 %, yellow from 70 %, red from 90 %', async () => {
    mockApi({
      'GET /api/v1/security/api-keys': () =>
        json(200, {
          api_keys: [69, 70, 90].map((used, index) =>
            apiKey({
              id: `00000000-0000-4000-8000-00000000001${index}`,
              key_name: `key-${used}`,
              requests_this_hour: used,
              rate_limit_per_hour: 100,
            }),
          ),
        }),
    });
    renderTab();

    const levelOf = async (name: string) =>
      (
        await screen.findByRole('meter', { name: `استخدام المفتاح ${name} من حده بالساعة` })
      ).getAttribute('data-level');
    await expect(levelOf('key-69')).resolves.toBe('low');
    await expect(levelOf('key-70')).resolves.toBe('medium');
    await expect(levelOf('key-90')).resolves.toBe('high');
    const bar = (name: string) =>
      screen.getByRole('meter', { name: `استخدام المفتاح ${name} من حده بالساعة` })
        .firstElementChild;
    expect(bar('key-69')).toHaveClass('bg-green-600');
    expect(bar('key-70')).toHaveClass('bg-amber-500');
    expect(bar('key-90')).toHaveClass('bg-red-600');
  });

  it('enables Create only with a name and a scope, and shows the secret once after creating', async () => {
    let keys: unknown[] = [];
    const { callsTo, bodiesOf } = mockApi({
      'GET /api/v1/security/api-keys': () => json(200, { api_keys: keys }),
      'POST /api/v1/security/api-keys': () => {
        keys = [apiKey({ key_name: 'تكامل الفوترة' })];
        return json(201, {
          success: true,
          id: KEY_ID,
          key_name: 'تكامل الفوترة',
          api_key: 'tqk_live_newkey0000000000abcd',
          api_secret: 'tqs_live_supersecretvalue',
          scopes: ['token:generate', 'token:verify'],
          expires_at: null,
        });
      },
    });
    const user = userEvent.setup();
    renderTab();

    await user.click(await screen.findByRole('button', { name: 'إنشاء مفتاح جديد' }));
    const dialog = screen.getByRole('dialog', { name: 'إنشاء مفتاح API جديد' });
    const submit = within(dialog).getByRole('button', { name: 'إنشاء المفتاح' });
    expect(within(dialog).getByLabelText('اسم المفتاح')).toHaveFocus();
    // Defaults: token:generate and token:verify, 1000 per hour, 60 per minute.
    expect(within(dialog).getByRole('checkbox', { name: /token:generate/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /token:verify/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /token:revoke/ })).not.toBeChecked();
    expect(within(dialog).getByLabelText('حد الطلبات في الساعة')).toHaveValue(1000);
    expect(within(dialog).getByLabelText('حد الطلبات في الدقيقة')).toHaveValue(60);
    expect(submit).toBeDisabled();

    await user.type(within(dialog).getByLabelText('اسم المفتاح'), 'تكامل الفوترة');
    expect(submit).toBeEnabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /token:generate/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /token:verify/ }));
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /token:verify/ }));
    expect(submit).toBeEnabled();

    await user.click(within(dialog).getByLabelText(/عناوين IP المسموح بها/));
    await user.paste('10.0.0.1, nope');
    await user.click(submit);
    expect(await within(dialog).findByText('عنوان IP أو نطاق CIDR غير صالح')).toBeVisible();
    expect(callsTo('POST /api/v1/security/api-keys')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText(/عناوين IP المسموح بها/));
    await user.paste('10.0.0.1, 10.1.0.0/16');
    await user.click(submit);

    expect(await screen.findByText('تم إنشاء مفتاح API بنجاح!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodiesOf('POST /api/v1/security/api-keys')[0]).toEqual({
      key_name: 'تكامل الفوترة',
      scopes: ['token:verify'],
      allowed_ips: ['10.0.0.1', '10.1.0.0/16'],
      rate_limit_per_hour: 1000,
      rate_limit_per_minute: 60,
      mode: 'live',
    });

    const shownOnce = screen.getByRole('region', { name: 'تم إنشاء المفتاح «تكامل الفوترة»' });
    expect(within(shownOnce).getByText('tqs_live_supersecretvalue')).toBeInTheDocument();
    expect(within(shownOnce).getByText(/لن يظهر مرة أخرى/)).toBeInTheDocument();
    await user.click(within(shownOnce).getByRole('button', { name: 'نسخ سر المفتاح' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('tqs_live_supersecretvalue');
    // The list was read again and now shows the key, never its secret.
    expect(await screen.findByRole('group', { name: 'تكامل الفوترة' })).toBeInTheDocument();

    await user.click(within(shownOnce).getByRole('button', { name: 'حفظت سر المفتاح، أخفِه' }));
    expect(screen.queryByText('tqs_live_supersecretvalue')).not.toBeInTheDocument();
  });

  it.each([
    ['in the past', '01/01/2020 10:00', 'تاريخ الانتهاء يجب أن يكون في المستقبل'],
    // Not sent without an expiry, as if the field were empty.
    ['that is no date', '31/02/2099 10:00', validationMessages.dateTimeInvalid.ar],
  ])('refuses an expiry %s before calling the API', async (_, typed, message) => {
    const { callsTo } = mockApi({
      'GET /api/v1/security/api-keys': () => json(200, { api_keys: [] }),
    });
    const user = userEvent.setup();
    renderTab();

    await user.click(await screen.findByRole('button', { name: 'إنشاء مفتاح جديد' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('اسم المفتاح'), 'قديم');
    await user.type(within(dialog).getByLabelText('تاريخ الانتهاء (اختياري)'), typed);
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء المفتاح' }));
    expect(await within(dialog).findByText(message)).toBeVisible();
    expect(callsTo('POST /api/v1/security/api-keys')).toHaveLength(0);
  });

  it('sends a future expiry as an ISO instant', async () => {
    const { bodiesOf } = mockApi({
      'GET /api/v1/security/api-keys': () => json(200, { api_keys: [] }),
      'POST /api/v1/security/api-keys': () => json(500, { code: 'internal_error' }),
    });
    const user = userEvent.setup();
    renderTab();

    await user.click(await screen.findByRole('button', { name: 'إنشاء مفتاح جديد' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('اسم المفتاح'), 'مؤقت');
    await user.type(within(dialog).getByLabelText('تاريخ الانتهاء (اختياري)'), '02/01/2099 10:00');
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء المفتاح' }));

    expect(await screen.findByText(/^تعذر إنشاء مفتاح API/)).toBeInTheDocument();
    expect(bodiesOf('POST /api/v1/security/api-keys')[0].expires_at).toBe(
      new Date('2099-01-02T10:00').toISOString(),
    );
    // The dialog stays open so nothing typed is lost.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("reads the expiry on the organisation's clock in the console (Riyadh, UTC+3)", async () => {
    setDisplayTimeZone('Asia/Riyadh');
    try {
      const { bodiesOf } = mockApi({
        'GET /api/v1/security/api-keys': () => json(200, { api_keys: [] }),
        'POST /api/v1/security/api-keys': () => json(500, { code: 'internal_error' }),
      });
      const user = userEvent.setup();
      renderTab();
      await user.click(await screen.findByRole('button', { name: 'إنشاء مفتاح جديد' }));
      const dialog = screen.getByRole('dialog');
      expect(dialog).toHaveTextContent('بتوقيت جهتك (توقيت الرياض ما لم يُغيَّر في ملف الجهة)');
      await user.type(within(dialog).getByLabelText('اسم المفتاح'), 'مؤقت');
      await user.type(
        within(dialog).getByLabelText('تاريخ الانتهاء (اختياري)'),
        '02/01/2099 10:00',
      );
      await user.click(within(dialog).getByRole('button', { name: 'إنشاء المفتاح' }));
      expect(await screen.findByText(/^تعذر إنشاء مفتاح API/)).toBeInTheDocument();
      expect(bodiesOf('POST /api/v1/security/api-keys')[0].expires_at).toBe(
        '2099-01-02T07:00:00.000Z',
      );
    } finally {
      setDisplayTimeZone(undefined);
    }
  });

  it('deletes a key only after confirming, then says so', async () => {
    let keys = [apiKey()];
    const { callsTo } = mockApi({
      'GET /api/v1/security/api-keys': () => json(200, { api_keys: keys }),
      [`DELETE /api/v1/security/api-keys/${KEY_ID}`]: () => {
        keys = [];
        return json(200, { success: true });
      },
    });
    const user = userEvent.setup();
    renderTab();

    await user.click(await screen.findByRole('button', { name: 'حذف المفتاح خادم الإنتاج' }));
    const confirm = screen.getByRole('alertdialog', { name: 'حذف مفتاح API' });
    expect(confirm).toHaveTextContent('«خادم الإنتاج»');
    expect(within(confirm).getByRole('button', { name: 'إلغاء' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'إلغاء' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(`DELETE /api/v1/security/api-keys/${KEY_ID}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'حذف المفتاح خادم الإنتاج' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'حذف المفتاح' }),
    );
    expect(await screen.findByText('تم حذف مفتاح API بنجاح')).toBeInTheDocument();
    expect(callsTo(`DELETE /api/v1/security/api-keys/${KEY_ID}`)).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'لا توجد مفاتيح API' })).toBeVisible();
  });

  it('turns a key off with the switch, and back when the server refuses, with a toast', async () => {
    let isRefusing = false;
    const { bodiesOf } = mockApi({
      'GET /api/v1/security/api-keys': () => json(200, { api_keys: [apiKey()] }),
      [`PATCH /api/v1/security/api-keys/${KEY_ID}`]: () =>
        isRefusing
          ? json(403, { code: 'forbidden', detail: 'Your role does not allow this action' })
          : json(200, { success: true, id: KEY_ID, is_active: false }),
    });
    const user = userEvent.setup();
    renderTab();

    const toggle = await screen.findByRole('switch', { name: 'تفعيل المفتاح خادم الإنتاج' });
    isRefusing = true;
    await user.click(toggle);
    expect(
      await screen.findByText(`تعذر تحديث مفتاح API: ${problems.forbidden.ar}`),
    ).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
    expect(bodiesOf(`PATCH /api/v1/security/api-keys/${KEY_ID}`)[0]).toEqual({
      is_active: false,
    });
  });

  it('says the keys failed to load, with a toast and a working retry', async () => {
    let isDown = true;
    mockApi({
      'GET /api/v1/security/api-keys': () =>
        isDown ? json(500, { code: 'internal_error' }) : json(200, { api_keys: [apiKey()] }),
    });
    const user = userEvent.setup();
    renderTab();

    expect(await screen.findByText('تعذر تحميل مفاتيح API')).toBeInTheDocument();
    const panel = screen.getByText(/تعذر تحميل مفاتيح API\. تحقق/).closest('[role="alert"]')!;
    isDown = false;
    await user.click(within(panel as HTMLElement).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('group', { name: 'خادم الإنتاج' })).toBeInTheDocument();
  });

  it('shows a skeleton while loading', async () => {
    mockApi({ 'GET /api/v1/security/api-keys': () => new Promise<Response>(() => {}) });
    renderTab();
    expect(await screen.findByText('جارٍ تحميل مفاتيح API...')).toHaveAttribute('role', 'status');
  });

  it('explains the keys are for owners, admins and developers, without asking for them', async () => {
    const { fetchMock } = mockApi({});
    renderWithProviders(<ApiKeysTab organizationId={ORG_ID} canManageKeys={false} />);
    expect(
      screen.getByText('إدارة مفاتيح API متاحة لمالكي الجهة ومسؤوليها ومطوريها فقط.'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
