import { COUNTRY_CODES } from '@tanqin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../../test/mock-api.tsx';
import type { TrustedIp } from '../api/get-trusted-ips.ts';
import { securityPermissions } from '../permissions.ts';
import { apiKey, ORG_ID } from '../test/fixtures.ts';
import { NetworkTab } from './network-tab.tsx';

const IP_ID = '00000000-0000-4000-8000-0000000000c1';
const trustedIp = (overrides: Partial<TrustedIp> = {}): TrustedIp => ({
  id: IP_ID,
  ip_address: '203.0.113.10',
  ip_range: null,
  description: 'خادم الرياض',
  api_key_id: null,
  api_key_name: null,
  usage_count: 12,
  last_seen_at: null,
  is_active: true,
  country: 'SA',
  city: null,
  created_at: '2025-03-05T10:00:00.000Z',
  ...overrides,
});

function mockNetwork(
  settings = { require_ip_whitelist: false, geo_blocking_enabled: false },
  extra: Parameters<typeof mockApi>[0] = {},
) {
  let current = settings;
  return mockApi({
    'GET /api/v1/security/organization-settings': () => json(200, current),
    'PATCH /api/v1/security/organization-settings': ({ init }) => {
      current = { ...current, ...JSON.parse(String(init?.body)) };
      return json(200, { success: true, ...current });
    },
    'GET /api/v1/security/trusted-ips': () => json(200, { trusted_ips: [] }),
    'GET /api/v1/security/country-rules': () => json(200, { country_rules: [] }),
    'GET /api/v1/security/country-policy': () =>
      json(200, { enabled: false, mode: 'block', countries: [] }),
    'GET /api/v1/security/api-keys': () => json(200, { api_keys: [apiKey()] }),
    ...extra,
  });
}

const renderTab = (role: 'owner' | 'viewer' = 'owner') =>
  renderWithProviders(
    <NetworkTab organizationId={ORG_ID} permissions={securityPermissions(role)} />,
  );

describe('IP and geographic controls', () => {
  beforeEach(() => localStorage.setItem('org_token', 'access-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('turns IP whitelisting on with a toast, and warns while no trusted IP is active', async () => {
    const { bodiesOf } = mockNetwork();
    const user = userEvent.setup();
    renderTab();

    const whitelist = await screen.findByRole('switch', { name: 'قائمة عناوين IP الموثوقة' });
    expect(whitelist).not.toBeChecked();
    await user.click(whitelist);
    expect(await screen.findByText('تم تفعيل قائمة عناوين IP الموثوقة')).toBeInTheDocument();
    expect(whitelist).toBeChecked();
    expect(bodiesOf('PATCH /api/v1/security/organization-settings')[0]).toEqual({
      require_ip_whitelist: true,
    });
    expect(screen.getByText(/ستُرفض جميع طلبات API حتى تضيف عنواناً/)).toBeInTheDocument();
  });

  it('puts the switch back and says so when the geo-blocking setting fails', async () => {
    mockNetwork(undefined, {
      'PATCH /api/v1/security/organization-settings': () => json(500, { code: 'internal_error' }),
    });
    const user = userEvent.setup();
    renderTab();

    const geo = await screen.findByRole('switch', { name: 'الحظر الجغرافي' });
    await user.click(geo);
    expect(await screen.findByText(/^تعذر تحديث إعداد الحظر الجغرافي/)).toBeInTheDocument();
    await waitFor(() => expect(geo).not.toBeChecked());
  });

  it('adds a trusted IP: the button waits for an address and a description, CIDR is fine', async () => {
    let ips: TrustedIp[] = [];
    const { bodiesOf } = mockNetwork(undefined, {
      'GET /api/v1/security/trusted-ips': () => json(200, { trusted_ips: ips }),
      'POST /api/v1/security/trusted-ips': () => {
        ips = [trustedIp({ ip_address: '198.51.100.0/24', api_key_name: 'خادم الإنتاج' })];
        return json(201, { success: true, trusted_ip: ips[0] });
      },
    });
    const user = userEvent.setup();
    renderTab();

    await user.click(await screen.findByRole('button', { name: 'إضافة عنوان IP' }));
    const dialog = screen.getByRole('dialog', { name: 'إضافة عنوان IP موثوق' });
    const submit = within(dialog).getByRole('button', { name: 'إضافة العنوان' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('عنوان IP'), '198.51.100.0/24');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('الوصف'), 'شبكة الفرع');
    await within(dialog).findByRole('option', { name: 'خادم الإنتاج' });
    await user.selectOptions(within(dialog).getByLabelText('مفتاح API'), 'خادم الإنتاج');
    await user.click(submit);

    expect(await screen.findByText('تمت إضافة عنوان IP الموثوق بنجاح')).toBeInTheDocument();
    expect(bodiesOf('POST /api/v1/security/trusted-ips')[0]).toEqual({
      ip_address: '198.51.100.0/24',
      ip_range: null,
      description: 'شبكة الفرع',
      api_key_id: apiKey().id,
    });
    const table = await screen.findByRole('region', { name: 'جدول عناوين IP الموثوقة' });
    expect(within(table).getByText('198.51.100.0/24')).toHaveAttribute('dir', 'ltr');
    expect(within(table).getByText('المملكة العربية السعودية')).toBeInTheDocument();
    expect(within(table).getByText('12')).toBeInTheDocument();
  });

  it('refuses an address that is not an IP or CIDR range, in Arabic', async () => {
    const { callsTo } = mockNetwork();
    const user = userEvent.setup();
    renderTab();

    await user.click(await screen.findByRole('button', { name: 'إضافة عنوان IP' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('عنوان IP'), '300.1.2.3');
    await user.type(within(dialog).getByLabelText('الوصف'), 'خطأ');
    await user.click(within(dialog).getByRole('button', { name: 'إضافة العنوان' }));
    expect(await within(dialog).findByText('عنوان IP أو نطاق CIDR غير صالح')).toBeVisible();
    expect(callsTo('POST /api/v1/security/trusted-ips')).toHaveLength(0);
  });

  it('shows "all keys", toggles an IP and deletes it after confirming', async () => {
    let ips = [trustedIp()];
    const { callsTo } = mockNetwork(undefined, {
      'GET /api/v1/security/trusted-ips': () => json(200, { trusted_ips: ips }),
      [`PATCH /api/v1/security/trusted-ips/${IP_ID}`]: () => {
        ips = [trustedIp({ is_active: false })];
        return json(200, { success: true, id: IP_ID, is_active: false });
      },
      [`DELETE /api/v1/security/trusted-ips/${IP_ID}`]: () => {
        ips = [];
        return json(200, { success: true });
      },
    });
    const user = userEvent.setup();
    renderTab();

    const table = await screen.findByRole('region', { name: 'جدول عناوين IP الموثوقة' });
    expect(within(table).getByText('جميع المفاتيح')).toBeInTheDocument();
    const toggle = within(table).getByRole('switch', { name: 'تفعيل العنوان 203.0.113.10' });
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(callsTo(`PATCH /api/v1/security/trusted-ips/${IP_ID}`)).toHaveLength(1);

    await user.click(within(table).getByRole('button', { name: 'حذف العنوان 203.0.113.10' }));
    const confirm = screen.getByRole('alertdialog', { name: 'حذف عنوان IP موثوق' });
    await user.click(within(confirm).getByRole('button', { name: 'حذف العنوان' }));
    expect(await screen.findByText('تم حذف عنوان IP الموثوق')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'لا توجد عناوين IP موثوقة' })).toBeVisible();
  });

  it('lists every country by region, Saudi Arabia first, with a notice while geo blocking is off', async () => {
    mockNetwork(undefined, {
      'GET /api/v1/security/country-policy': () =>
        json(200, { enabled: false, mode: 'block', countries: ['KP'] }),
    });
    const user = userEvent.setup();
    renderTab();

    await user.click(await screen.findByRole('tab', { name: 'قواعد الدول' }));
    expect(await screen.findByText(/الحظر الجغرافي معطّل/)).toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'الدول' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(COUNTRY_CODES.length);
    expect(rows[0]).toHaveAttribute('data-country', 'SA');
    expect(within(rows[0]!).getByRole('checkbox')).not.toBeChecked();
    const northKorea = list.querySelector('[data-country="KP"]') as HTMLElement;
    expect(within(northKorea).getByRole('checkbox')).toBeChecked();
    expect(screen.getByText('الدول المحظورة: 1')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /حظر هذه الدول/ })).toBeChecked();

    await user.type(screen.getByPlaceholderText('ابحث باسم الدولة أو رمزها'), 'الأردن');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('listitem')).toHaveAttribute('data-country', 'JO');
  }, 45_000); // renders all 250 countries

  it('switches to "allow only these", selects a region at once and saves the whole policy', async () => {
    let policy = { enabled: true, mode: 'block', countries: [] as string[] };
    const { bodiesOf } = mockNetwork(
      { require_ip_whitelist: false, geo_blocking_enabled: true },
      {
        'GET /api/v1/security/country-policy': () => json(200, policy),
        'PUT /api/v1/security/country-policy': ({ init }) => {
          policy = { enabled: true, ...JSON.parse(String(init?.body)) };
          return json(200, policy);
        },
      },
    );
    const user = userEvent.setup();
    renderTab();

    await user.click(await screen.findByRole('tab', { name: 'قواعد الدول' }));
    await user.click(await screen.findByRole('radio', { name: /السماح بهذه الدول فقط/ }));
    expect(screen.getByText(/لم تحدد أي دولة/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'تحديد كل دول أوروبا' }));
    await user.click(screen.getByRole('button', { name: 'إلغاء تحديد دول أوروبا' }));
    await user.type(screen.getByPlaceholderText('ابحث باسم الدولة أو رمزها'), 'ال');
    await user.click(screen.getByRole('checkbox', { name: /الأردن/ }));
    await user.click(screen.getByRole('checkbox', { name: /السعودية/ }));
    expect(screen.getByText('الدول المسموح بها: 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'حفظ السياسة' }));
    expect(await screen.findByText('حُفظت سياسة الدول وأصبحت سارية الآن.')).toBeInTheDocument();
    expect(bodiesOf('PUT /api/v1/security/country-policy')[0]).toEqual({
      mode: 'allow',
      countries: ['JO', 'SA'],
    });
    expect(screen.getByRole('button', { name: 'حفظ السياسة' })).toBeDisabled();
  }, 45_000);

  it('tests an address and says which rule refuses it', async () => {
    const { bodiesOf } = mockNetwork(undefined, {
      'POST /api/v1/security/network-check': () =>
        json(200, {
          ip_address: '81.2.69.160',
          country: 'GB',
          allowed: false,
          decided_by: 'countries',
          checks: [
            { rule: 'key_ips', outcome: 'off', reason: 'no_key' },
            { rule: 'trusted_ips', outcome: 'off', reason: 'switch_off' },
            { rule: 'countries', outcome: 'refuse', reason: 'blocked' },
          ],
        }),
    });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('tab', { name: 'قواعد الدول' }));
    await user.type(await screen.findByLabelText('عنوان IP'), '81.2.69.160');
    await user.click(screen.getByRole('button', { name: 'اختبار' }));
    expect(
      await screen.findByText('سيُرفض الطلب من 81.2.69.160 بسبب: سياسة الدول.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/الدولة محظورة/)).toBeInTheDocument();
    expect(bodiesOf('POST /api/v1/security/network-check')[0]).toEqual({
      ip_address: '81.2.69.160',
      api_key_id: null,
    });
  }, 45_000);

  it('lets a viewer look without changing anything', async () => {
    mockNetwork(undefined, {
      'GET /api/v1/security/trusted-ips': () => json(200, { trusted_ips: [trustedIp()] }),
    });
    renderTab('viewer');

    expect(await screen.findByRole('switch', { name: 'الحظر الجغرافي' })).toBeDisabled();
    expect(screen.getByText(/تغييرها فمتاح لمالكي الجهة ومسؤوليها فقط/)).toBeInTheDocument();
    expect(
      await screen.findByRole('switch', { name: 'تفعيل العنوان 203.0.113.10' }),
    ).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'إضافة عنوان IP' })).not.toBeInTheDocument();
  });
});
