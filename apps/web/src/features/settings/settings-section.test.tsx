import { type MemberRole, problems, validationMessages } from '@tanqin/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem, renderWithProviders } from '../../test/mock-api.tsx';
import SettingsSection from './settings-section.tsx';
import { membersResponse, ORG_ID, ORG_PATH, organizationDetails } from './test/fixtures.ts';

const CLIENT_ID = 'tq_client_0123456789abcdef';
const ORG: { id: string; role: MemberRole; client_id: string } = {
  id: ORG_ID,
  role: 'owner',
  client_id: CLIENT_ID,
};

const renderSettings = (tab?: string, organization = ORG) =>
  renderWithProviders(<SettingsSection organization={organization} />, {
    entries: [`/org-dashboard?section=settings${tab ? `&tab=${tab}` : ''}`],
  });

describe('settings: organisation profile', () => {
  beforeEach(() => localStorage.setItem('org_token', 'access-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the profile, with type and email read-only and Riyadh first among the time zones', async () => {
    mockApi({ [`GET ${ORG_PATH}`]: () => json(200, organizationDetails()) });
    renderSettings();

    expect(await screen.findByLabelText('اسم الجهة')).toHaveValue('وزارة التجربة');
    expect(screen.getByLabelText('الشخص المسؤول')).toHaveValue('سارة العتيبي');
    const phone = screen.getByLabelText(/رقم الهاتف/);
    expect(phone).toHaveValue('0551234567');
    expect(phone).toHaveAttribute('dir', 'ltr');
    expect(screen.getByLabelText('نوع الجهة')).toHaveValue('جهة حكومية');
    expect(screen.getByLabelText('نوع الجهة')).toHaveAttribute('readonly');
    const email = screen.getByLabelText('البريد الإلكتروني للجهة');
    expect(email).toHaveValue('contact@example.sa');
    expect(email).toHaveAttribute('readonly');

    const zone = screen.getByLabelText('المنطقة الزمنية') as HTMLSelectElement;
    expect(zone).toHaveValue('Asia/Riyadh');
    const options = within(zone).getAllByRole('option') as HTMLOptionElement[];
    expect(options[0]?.value).toBe('Asia/Riyadh');
    expect(options[0]?.textContent).toMatch(/Asia\/Riyadh \(GMT\+3\)/);
    expect(options.length).toBe(Intl.supportedValuesOf('timeZone').length);
    expect(options.map((option) => option.value)).toContain('Europe/London');
  });

  it('checks the fields before saving, then saves and says so until the next edit', async () => {
    const { callsTo, bodiesOf } = mockApi({
      [`GET ${ORG_PATH}`]: () => json(200, organizationDetails()),
      [`PATCH ${ORG_PATH}`]: ({ init }) =>
        json(200, organizationDetails(JSON.parse(String(init?.body)))),
    });
    const user = userEvent.setup();
    renderSettings();

    const name = await screen.findByLabelText('اسم الجهة');
    await user.clear(name);
    await user.clear(screen.getByLabelText('الشخص المسؤول'));
    await user.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));
    expect(await screen.findByText('اسم الجهة مطلوب')).toBeVisible();
    expect(screen.getByText('اسم الشخص المسؤول مطلوب')).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(`PATCH ${ORG_PATH}`)).toHaveLength(0);

    // The message goes as soon as the field is fixed (validation on every change after submit).
    await user.type(name, 'وزارة الاختبار');
    expect(screen.queryByText('اسم الجهة مطلوب')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('الشخص المسؤول'), 'نورة الحربي');
    await user.clear(screen.getByLabelText(/رقم الهاتف/));
    await user.selectOptions(screen.getByLabelText('المنطقة الزمنية'), 'Asia/Dubai');
    await user.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));

    expect(await screen.findByText('تم حفظ التغييرات')).toBeVisible();
    expect(bodiesOf(`PATCH ${ORG_PATH}`)[0]).toEqual({
      name: 'وزارة الاختبار',
      contact_person: 'نورة الحربي',
      phone: null,
      time_zone: 'Asia/Dubai',
      app_link: null,
    });

    await user.type(name, ' للتقنية');
    expect(screen.queryByText('تم حفظ التغييرات')).not.toBeInTheDocument();
  });

  it('shows saving while the call runs, and a refusal under its field or as an error', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({
      [`GET ${ORG_PATH}`]: () => json(200, organizationDetails()),
      [`PATCH ${ORG_PATH}`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const user = userEvent.setup();
    renderSettings();

    await screen.findByLabelText('اسم الجهة');
    await user.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));
    expect(await screen.findByRole('button', { name: 'جارٍ الحفظ...' })).toBeDisabled();
    answer(
      json(400, {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        code: 'validation_failed',
        errors: [{ path: 'time_zone', code: 'timeZoneInvalid', message: 'Invalid time zone' }],
      }),
    );
    expect(await screen.findByText('المنطقة الزمنية غير صالحة')).toBeVisible();
    expect(screen.getByLabelText('المنطقة الزمنية')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));
    answer(problem(403, 'forbidden'));
    expect(await screen.findByText(`تعذر حفظ التغييرات: ${problems.forbidden.ar}`)).toBeVisible();
  });

  it('explains a failed load and loads again on retry', async () => {
    let isDown = true;
    mockApi({
      [`GET ${ORG_PATH}`]: () =>
        isDown ? problem(500, 'internal') : json(200, organizationDetails()),
    });
    const user = userEvent.setup();
    renderSettings();
    expect(await screen.findByText(/تعذر تحميل بيانات الجهة/)).toBeVisible();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByLabelText('اسم الجهة')).toHaveValue('وزارة التجربة');
  });
});

describe('settings: tabs', () => {
  beforeEach(() => localStorage.setItem('org_token', 'access-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the open tab in the URL', async () => {
    mockApi({
      [`GET ${ORG_PATH}`]: () => json(200, organizationDetails()),
      [`GET ${ORG_PATH}/members`]: () => json(200, membersResponse()),
    });
    const user = userEvent.setup();
    const { router } = renderSettings();
    await user.click(await screen.findByRole('tab', { name: 'الأعضاء والدعوات' }));
    expect(router.state.location.search).toBe('?section=settings&tab=members');
    expect(await screen.findByText('fahad@example.sa')).toBeVisible();
  });
});

describe('settings: credentials', () => {
  const SECRET = 'tq_secret_fedcba9876543210';
  const NEW_SECRET = 'tq_secret_0000111122223333';
  beforeEach(() => localStorage.setItem('org_token', 'access-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the secret only when revealed, and again on every reveal', async () => {
    const { callsTo } = mockApi({
      [`GET ${ORG_PATH}/credentials`]: () =>
        json(200, { client_id: CLIENT_ID, client_secret: SECRET }),
    });
    const user = userEvent.setup();
    renderSettings('credentials');

    expect(await screen.findByText(CLIENT_ID)).toBeVisible();
    expect(screen.getByText('سر العميل مخفي')).toBeInTheDocument();
    expect(callsTo(`GET ${ORG_PATH}/credentials`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'إظهار سر العميل' }));
    expect(await screen.findByText(SECRET)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'نسخ سر العميل' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(SECRET);

    await user.click(screen.getByRole('button', { name: 'إخفاء سر العميل' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إظهار سر العميل' }));
    expect(await screen.findByText(SECRET)).toBeVisible();
    expect(callsTo(`GET ${ORG_PATH}/credentials`)).toHaveLength(2);
  });

  it('says who may see the secret when the server refuses it', async () => {
    mockApi({ [`GET ${ORG_PATH}/credentials`]: () => problem(403, 'forbidden') });
    const user = userEvent.setup();
    renderSettings('credentials');
    await user.click(await screen.findByRole('button', { name: 'إظهار سر العميل' }));
    expect(await screen.findByText(/لمالكي الجهة ومسؤوليها فقط/)).toBeVisible();
  });

  it('rotates only after a warning that the old secret stops at once, then shows the new one', async () => {
    const { callsTo } = mockApi({
      [`POST ${ORG_PATH}/credentials/rotate`]: () =>
        json(200, { client_id: CLIENT_ID, client_secret: NEW_SECRET }),
    });
    const user = userEvent.setup();
    renderSettings('credentials');

    await user.click(await screen.findByRole('button', { name: 'تدوير سر العميل' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'تدوير سر العميل؟' });
    expect(dialog).toHaveTextContent('سيتوقف السر الحالي عن العمل فوراً');
    expect(within(dialog).getByRole('button', { name: 'إلغاء' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(`POST ${ORG_PATH}/credentials/rotate`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'تدوير سر العميل' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'نعم، دوّر السر' }));
    expect(await screen.findByText(NEW_SECRET)).toBeVisible();
    expect(screen.getByText(/هذا هو سر العميل الجديد/)).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(`POST ${ORG_PATH}/credentials/rotate`)).toHaveLength(1);
  });

  it('keeps the dialog open with the reason when the rotation fails', async () => {
    mockApi({ [`POST ${ORG_PATH}/credentials/rotate`]: () => problem(500, 'internal') });
    const user = userEvent.setup();
    renderSettings('credentials');
    await user.click(await screen.findByRole('button', { name: 'تدوير سر العميل' }));
    await user.click(await screen.findByRole('button', { name: 'نعم، دوّر السر' }));
    const dialog = screen.getByRole('alertdialog');
    expect(
      await within(dialog).findByText(`تعذر تدوير سر العميل: ${problems.internal_error.ar}`),
    ).toBeVisible();
  });
});

describe('settings: the double lock key', () => {
  const KEY_PATH = '/api/v1/organization/encryption-key';
  const PUBLIC_KEY = 'q1Wm0fYbHd7PZ3kL2aXs9JcV8nRtE4uGy6oBiQwT5hM';
  const registered = { public_key: PUBLIC_KEY, updated_at: '2026-11-20T09:00:00.000Z' };
  const none = { public_key: null, updated_at: null };
  beforeEach(() => localStorage.setItem('org_token', 'access-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('registers a pasted key, checked first with the shared schema, and shows its fingerprint', async () => {
    const { bodiesOf } = mockApi({
      [`GET ${KEY_PATH}`]: () => json(200, none),
      [`PUT ${KEY_PATH}`]: () => json(200, registered),
    });
    const user = userEvent.setup();
    renderSettings('encryption');

    expect(await screen.findByText(/لا يوجد مفتاح مسجّل/)).toBeVisible();
    expect(screen.getByText(/يسري على الرموز التي تصدر بعده فقط/)).toBeVisible();
    expect(screen.getByText(/فلن تُقرأ الرموز المقفلة به أبداً/)).toBeVisible();
    const field = screen.getByLabelText('المفتاح العام (base64url)');
    await user.type(field, 'not-a-key');
    await user.click(screen.getByRole('button', { name: 'تسجيل المفتاح' }));
    expect(await screen.findByText(validationMessages.encryptionKeyInvalid.ar)).toBeVisible();
    expect(bodiesOf(`PUT ${KEY_PATH}`)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, PUBLIC_KEY);
    await user.click(screen.getByRole('button', { name: 'تسجيل المفتاح' }));
    expect(await screen.findByText(/سُجّل المفتاح: تُقفل به الرموز الجديدة/)).toBeVisible();
    expect(bodiesOf(`PUT ${KEY_PATH}`)).toEqual([{ public_key: PUBLIC_KEY }]);
    expect(await screen.findByText('fe6c ebcc 0ffa e1d3 4342 4bff 4dac a9c2')).toBeVisible();
    expect(screen.getByText('سُجّل في 20 نوفمبر 2026')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'استبدال المفتاح' })).toBeVisible();
  });

  it('removes the key only after saying what stays locked', async () => {
    const { callsTo } = mockApi({
      [`GET ${KEY_PATH}`]: () => json(200, registered),
      [`DELETE ${KEY_PATH}`]: () => json(200, none),
    });
    const user = userEvent.setup();
    renderSettings('encryption');

    await user.click(await screen.findByRole('button', { name: 'إزالة المفتاح' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'إزالة مفتاح التشفير؟' });
    expect(dialog).toHaveTextContent('تبقى مقفلة بهذا المفتاح');
    await user.click(within(dialog).getByRole('button', { name: 'نعم، أزل المفتاح' }));
    expect(await screen.findByText(/أُزيل المفتاح/)).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText(/لا يوجد مفتاح مسجّل/)).toBeVisible();
    expect(callsTo(`DELETE ${KEY_PATH}`)).toHaveLength(1);
  });

  it('tells other roles who manages the key, without asking the API', async () => {
    const { fetchMock } = mockApi({});
    renderSettings('encryption', { ...ORG, role: 'viewer' });
    expect(await screen.findByText(/مالكو الجهة ومسؤولوها فقط/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'إنشاء زوج مفاتيح' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
