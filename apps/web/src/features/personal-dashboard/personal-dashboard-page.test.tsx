import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/mock-api.tsx';
import { PersonalDashboardPage } from './personal-dashboard-page.tsx';
import { personalCode } from './test/fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

/** The person's national id is proven: their codes are shown (identity.test.tsx: before). */
const provenIdentity = {
  'GET /api/v1/individuals/me/identity': () =>
    json(200, {
      proven: true,
      proven_at: '2026-11-20T09:00:00.000Z',
      provider: 'https://id.example.sa',
      development_provider: false,
      locked: false,
      locked_at: null,
      unlock_needs_code: false,
    }),
};

/** Signed in as a person, on the page's own address. */
function renderPage() {
  localStorage.setItem('auth_token', 'personal-token');
  return renderWithProviders(<PersonalDashboardPage />, { entries: ['/dashboard'] });
}

const usedCode = personalCode({
  id: 'tok_used1',
  issuer: { name: 'هيئة الاتصالات', type: 'government' },
  audience: { name: 'شركة الشحن السريع' },
  status: 'used',
  data_fields: ['full_name', 'birth_date'],
  used_at: '2026-11-21T09:30:00.000Z',
  used_by: { name: 'شركة الشحن السريع' },
  trail: [
    {
      action: 'verified',
      at: '2026-11-21T09:30:00.000Z',
      organization_name: 'شركة الشحن السريع',
      actor_type: 'organization',
      fields: ['full_name', 'birth_date'],
      reason: null,
    },
    {
      action: 'generated',
      at: '2026-11-21T09:00:00.000Z',
      organization_name: 'هيئة الاتصالات',
      actor_type: 'organization',
      fields: ['full_name', 'birth_date'],
      reason: null,
    },
    {
      action: 'verify_refused',
      at: '2026-11-21T09:40:00.000Z',
      organization_name: 'شركة الشحن السريع',
      actor_type: 'organization',
      fields: null,
      reason: 'token_used',
    },
  ],
});

describe('personal dashboard', () => {
  it('explains how codes reach the list when there are none', async () => {
    const api = mockApi({
      ...provenIdentity,
      'GET /api/v1/me/codes': () => json(200, { codes: [] }),
    });
    renderPage();
    await screen.findByRole('heading', { name: 'لا توجد رموز لهويتك بعد' });
    expect(screen.getByText(/قسم «تنقين» في تطبيق الجهة/)).toBeInTheDocument();
    expect(screen.getByText(/أي جهة فكّت تشفيره، ومتى/)).toBeInTheDocument();
    // The personal token is what authorises the call.
    const init = api.callsTo('GET /api/v1/me/codes')[0]?.[1];
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer personal-token' });
  });

  it('shows each code with its issuer, status, times and Arabic field labels', async () => {
    mockApi({
      ...provenIdentity,
      'GET /api/v1/me/codes': () => json(200, { codes: [personalCode(), usedCode] }),
    });
    renderPage();
    const card = (await screen.findByRole('heading', { name: 'بنك الرياض الرقمي' })).closest(
      'article',
    ) as HTMLElement;
    expect(within(card).getByText('نشط')).toBeInTheDocument();
    expect(within(card).getByText('جهة خاصة')).toBeInTheDocument();
    expect(within(card).getByText('موجَّه إلى وزارة الداخلية')).toBeInTheDocument();
    expect(within(card).getByText('الاسم الكامل')).toBeInTheDocument();
    expect(within(card).getByText('رقم الهوية')).toBeInTheDocument();
    // A field without an Arabic label keeps its name.
    expect(within(card).getByText('favourite_colour')).toBeInTheDocument();
    // Arabic long format with the month's name.
    expect(within(card).getAllByText(/نوفمبر 2026/).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('الرموز المعروضة: 2 · النشطة منها: 1')).toBeInTheDocument();

    const used = screen
      .getByRole('heading', { name: 'هيئة الاتصالات' })
      .closest('article') as HTMLElement;
    expect(within(used).getByText('مستخدم')).toBeInTheDocument();
    expect(within(used).getByText('جهة حكومية')).toBeInTheDocument();
    expect(within(used).getByText('بواسطة شركة الشحن السريع')).toBeInTheDocument();
    // Only an active code can be revoked.
    expect(within(used).queryByRole('button', { name: 'إلغاء الرمز' })).toBeNull();
  });

  it('expands a code to its usage trail: which body, when, which fields, oldest first', async () => {
    mockApi({
      ...provenIdentity,
      'GET /api/v1/me/codes': () => json(200, { codes: [usedCode] }),
    });
    renderPage();
    const toggle = await screen.findByRole('button', { name: 'سجل الاستخدام (3)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('إخفاء سجل الاستخدام');
    const trail = screen.getByRole('list', { name: 'سجل استخدام الرمز' });
    const items = within(trail).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'أُصدر الرمز من هيئة الاتصالات',
      'فُكّ تشفير الرمز لدى شركة الشحن السريع',
      'رُفضت محاولة من شركة الشحن السريع لفك تشفير الرمز: الرمز استُخدم من قبل',
    ]);
    expect(within(items[1] as HTMLElement).getByText('الحقول: الاسم الكامل، تاريخ الميلاد'));
    expect(items[1]?.querySelector('time')?.getAttribute('dateTime')).toBe(
      '2026-11-21T09:30:00.000Z',
    );
    await userEvent.click(toggle);
    expect(screen.queryByRole('list', { name: 'سجل استخدام الرمز' })).toBeNull();
  });

  it('revokes an active code after confirmation and shows it revoked', async () => {
    const revoked = personalCode({
      status: 'revoked',
      revoked_at: '2026-11-22T07:10:00.000Z',
      trail: [
        ...personalCode().trail,
        {
          action: 'revoked',
          at: '2026-11-22T07:10:00.000Z',
          organization_name: null,
          actor_type: 'individual',
          fields: null,
          reason: null,
        },
      ],
    });
    const api = mockApi({
      ...provenIdentity,
      'GET /api/v1/me/codes': () => json(200, { codes: [personalCode()] }),
      'POST /api/v1/me/codes/tok_active1/revoke': () => json(200, { success: true, code: revoked }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'إلغاء الرمز' }));
    const dialog = screen.getByRole('alertdialog', { name: 'إلغاء هذا الرمز؟' });
    expect(dialog).toHaveTextContent('لن يكون بإمكان وزارة الداخلية');
    // Backing out sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'تراجع' }));
    expect(api.callsTo('POST /api/v1/me/codes/tok_active1/revoke')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'إلغاء الرمز' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'إلغاء الرمز' }),
    );
    await screen.findByText('أُلغي الرمز. لن تستطيع أي جهة استخدامه.');
    expect(api.callsTo('POST /api/v1/me/codes/tok_active1/revoke')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'رموزك' })).getByText('ملغى'),
    ).toBeInTheDocument();
    expect(screen.getByText('تاريخ الإلغاء')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'إلغاء الرمز' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'سجل الاستخدام (2)' }));
    expect(screen.getByText('ألغي الرمز بطلبك')).toBeInTheDocument();
  });

  it('reports a code as not the person’s: says who is told, sends the note once, shows it reported', async () => {
    const reportedAt = '2026-11-22T07:20:00.000Z';
    const reported = personalCode({
      status: 'revoked',
      revoked_at: reportedAt,
      misuse_reported_at: reportedAt,
    });
    const api = mockApi({
      ...provenIdentity,
      'GET /api/v1/me/codes': () => json(200, { codes: [personalCode()], next_cursor: null }),
      'POST /api/v1/me/codes/tok_active1/report-misuse': () =>
        json(200, {
          success: true,
          report: { reported_at: reportedAt, note: 'لم أطلبه', revoked_code: true },
          code: reported,
        }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'لم أكن أنا' }));
    const dialog = screen.getByRole('alertdialog', { name: 'الإبلاغ عن رمز لم تطلبه' });
    // The names are isolated (U+2068…U+2069) so that they keep their place in either language.
    expect(dialog.textContent?.replace(/[\u2068\u2069]/g, '')).toContain(
      'ستصل إلى بنك الرياض الرقمي وإلى وزارة الداخلية رسالة أمنية عاجلة',
    );
    expect(dialog).toHaveTextContent('فسيُلغى مع البلاغ');
    const note = within(dialog).getByLabelText('ملاحظة (اختيارية)');
    expect(note).toHaveAttribute('maxLength', '280');
    await userEvent.type(note, 'لم أطلبه');
    await userEvent.click(within(dialog).getByRole('button', { name: 'إرسال البلاغ' }));

    await screen.findByText('أُرسل بلاغك وأُلغي الرمز.');
    expect(api.bodiesOf('POST /api/v1/me/codes/tok_active1/report-misuse')).toEqual([
      { note: 'لم أطلبه' },
    ]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText(/أبلغت أن هذا الرمز لم يكن بطلبك/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'لم أكن أنا' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'إلغاء الرمز' })).toBeNull();
  });

  it('says why a revoke was refused and reads the list again', async () => {
    let listed = personalCode();
    const api = mockApi({
      ...provenIdentity,
      'GET /api/v1/me/codes': () => json(200, { codes: [listed] }),
      'POST /api/v1/me/codes/tok_active1/revoke': () => {
        listed = personalCode({ status: 'used', used_at: '2026-11-22T07:05:00.000Z' });
        return json(409, { code: 'token_used', detail: 'Token already used', status: 409 });
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'إلغاء الرمز' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'إلغاء الرمز' }),
    );
    await screen.findByText('لا يمكن إلغاء الرمز: استُخدم من قبل.');
    await within(await screen.findByRole('region', { name: 'رموزك' })).findByText('مستخدم');
    expect(api.callsTo('GET /api/v1/me/codes')).toHaveLength(2);
  });

  it('shows a load failure, then the codes after refresh', async () => {
    let fail = true;
    mockApi({
      ...provenIdentity,
      'GET /api/v1/me/codes': () =>
        fail
          ? json(500, { code: 'internal', detail: 'boom', status: 500 })
          : json(200, { codes: [personalCode()] }),
    });
    renderPage();
    await screen.findByText('تعذّر تحميل رموزك. تحقق من الاتصال وحاول مرة أخرى.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'تحديث' }));
    await screen.findByRole('heading', { name: 'بنك الرياض الرقمي' });
    await waitFor(() =>
      expect(screen.queryByText('تعذّر تحميل رموزك. تحقق من الاتصال وحاول مرة أخرى.')).toBeNull(),
    );
  });

  it('pages older codes, filters by body and status, and exports what is filtered', async () => {
    const api = mockApi({
      ...provenIdentity,
      'GET /api/v1/me/codes': ({ url }) => {
        const query = url.searchParams;
        if (query.get('cursor') === 'older')
          return json(200, { codes: [usedCode], next_cursor: null });
        if (query.has('body') || query.has('status')) {
          return json(200, {
            codes: query.get('status') === 'revoked' ? [] : [usedCode],
            next_cursor: null,
          });
        }
        return json(200, { codes: [personalCode()], next_cursor: 'older' });
      },
      'GET /api/v1/me/codes.csv': () =>
        new Response('\ufeffcode_id\r\n', { headers: { 'content-type': 'text/csv' } }),
    });
    const createObjectURL = vi.fn(() => 'blob:codes');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'عرض رموز أقدم' }));
    expect(await screen.findByText('هذا سجلك كاملًا.')).toBeInTheDocument();
    expect(screen.getByText('هيئة الاتصالات')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'عرض رموز أقدم' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('البحث باسم الجهة'), 'الاتصالات');
    await user.selectOptions(screen.getByLabelText('دور الجهة'), 'issuer');
    await waitFor(() => {
      const last = api.callsTo('GET /api/v1/me/codes').at(-1)?.[0] as string;
      const query = new URL(last, 'http://localhost').searchParams;
      expect(query.get('body')).toBe('الاتصالات');
      expect(query.get('body_role')).toBe('issuer');
    });
    // The search asks once the person pauses, not once per letter.
    const searches = api
      .callsTo('GET /api/v1/me/codes')
      .filter(([input]) => new URL(input as string, 'http://localhost').searchParams.has('body'));
    expect(searches.length).toBeLessThanOrEqual(2);

    await user.selectOptions(screen.getByLabelText('الحالة'), 'revoked');
    expect(await screen.findByText('لا توجد رموز تطابق عوامل التصفية هذه.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'تصدير بصيغة CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exported = new URL(
      api.callsTo('GET /api/v1/me/codes.csv')[0]?.[0] as string,
      'http://localhost',
    ).searchParams;
    expect(Object.fromEntries(exported)).toEqual({
      body: 'الاتصالات',
      body_role: 'issuer',
      status: 'revoked',
      // The file names the fields in the page's language.
      lang: 'ar',
    });

    await user.click(screen.getByRole('button', { name: 'مسح عوامل التصفية' }));
    expect(await screen.findByText('بنك الرياض الرقمي')).toBeInTheDocument();
  });

  it('shows the new notices above the history until they are marked read', async () => {
    let unread = [
      {
        id: 'n2',
        event: 'used',
        organization_name: 'شركة الشحن السريع',
        fields: ['full_name', 'birth_date'],
        at: '2026-11-21T09:30:00.000Z',
      },
      {
        id: 'n1',
        event: 'issued',
        organization_name: 'هيئة الاتصالات',
        fields: ['full_name'],
        at: '2026-11-21T09:00:00.000Z',
      },
    ];
    const api = mockApi({
      ...provenIdentity,
      'GET /api/v1/me/codes': () => json(200, { codes: [usedCode] }),
      'GET /api/v1/me/notices': () => json(200, { notices: unread, unread: unread.length }),
      'POST /api/v1/me/notices/read': () => {
        const read = unread.length;
        unread = [];
        return json(200, { success: true, read });
      },
    });
    renderPage();
    const card = (await screen.findByRole('heading', { name: 'إشعاران جديدان على رموزك' })).closest(
      'section',
    ) as HTMLElement;
    expect(
      within(card).getByText('استخدمت الجهة «شركة الشحن السريع» رمزاً صادراً لك'),
    ).toBeInTheDocument();
    expect(within(card).getByText('أصدرت الجهة «هيئة الاتصالات» رمزاً لك')).toBeInTheDocument();
    expect(within(card).getByText(/الحقول: الاسم الكامل، /)).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'تعليم الكل كمقروء' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /جديد/ })).toBeNull());
    expect(api.callsTo('POST /api/v1/me/notices/read')).toHaveLength(1);
    // The history itself stays.
    expect(screen.getByRole('heading', { name: 'هيئة الاتصالات' })).toBeInTheDocument();
  });
});
