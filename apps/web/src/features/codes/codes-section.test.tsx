import { type CodeList, checkCharacter, type StaffVerifyResult } from '@tanqin/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CodesSection from './codes-section.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

const BODY = 'ABCD2345EFGH6789';
const CODE = `${BODY}${checkCharacter(BODY)}`;
const FORMATTED = CODE.match(/.{1,4}/g)!.join('-');
const WRONG_CHECK = `${BODY}${checkCharacter(BODY) === '0' ? '1' : '0'}`;

const verified: StaffVerifyResult = {
  success: true,
  token_id: 'tok_abc123',
  data: { full_name: 'محمد أحمد القحطاني', national_id: '1012345678', blood_type: 'O+' },
  data_scope: ['identity'],
  issuer: { name: 'وزارة الاختبار', client_id: 'tqc_issuer' },
  verified_at: '2026-11-22T10:00:00.000Z',
};

const listOf = (overrides: Partial<CodeList> = {}): CodeList => ({
  tokens: [
    {
      token_id: 'tok_used1',
      data_scope: ['identity'],
      data_fields: ['full_name', 'national_id'],
      status: 'used',
      created_at: '2026-11-22T09:00:00.000Z',
      expires_at: '2026-11-22T10:00:00.000Z',
      used_at: '2026-11-22T09:30:00.000Z',
      used_by: { name: 'بنك الاختبار' },
      issuer: { name: 'وزارة الاختبار' },
      audience: { name: 'بنك الاختبار' },
      is_test: false,
    },
    {
      token_id: 'tok_active2',
      data_scope: [],
      data_fields: ['phone'],
      status: 'active',
      created_at: '2026-11-22T09:10:00.000Z',
      expires_at: '2026-11-23T10:10:00.000Z',
      used_at: null,
      used_by: null,
      issuer: { name: 'شركة الشحن' },
      audience: { name: 'بنك الاختبار' },
      is_test: false,
    },
  ],
  total: 2,
  total_capped: false,
  next_cursor: null,
  ...overrides,
});

type Handler = (init?: RequestInit) => Response | Promise<Response>;
const VERIFY = 'POST /api/v1/tokens/verify';
const RECEIVED = 'GET /api/v1/tokens?mode=live&direction=received&limit=20';
const LOCK = 'GET /api/v1/organization/encryption-key';

function mockApi(overrides: Record<string, Handler> = {}) {
  const handlers: Record<string, Handler> = {
    [RECEIVED]: () => json(200, listOf()),
    [VERIFY]: () => json(200, verified),
    [LOCK]: () => json(200, { public_key: null, updated_at: null }),
    ...overrides,
  };
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const handler = handlers[key];
    if (!handler) throw new Error(`Unexpected call ${key}`);
    return handler(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (key: string) =>
    fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key);
  return { fetchMock, callsTo };
}

function renderSection(role: 'owner' | 'verifier' | 'viewer' = 'owner') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <CodesSection organization={{ id: 'org_1', role }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const codeInput = () => screen.getByLabelText('رمز الهوية المؤقت') as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'فك التشفير' });

describe('codes screen: decrypting a code', () => {
  beforeEach(() => localStorage.setItem('org_token', 'access-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('formats what is typed left to right, with Arabic-Indic digits and lowercase', async () => {
    mockApi();
    const user = userEvent.setup();
    renderSection();
    const input = codeInput();
    expect(input).toHaveAttribute('dir', 'ltr');
    await user.type(input, 'abcd ٢٣٤٥ efgh-٦٧٨٩');
    expect(input).toHaveValue('ABCD-2345-EFGH-6789');
    await user.type(input, CODE.at(-1)!.toLowerCase());
    expect(input).toHaveValue(FORMATTED);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('rejects a mistyped code at once, without any request', async () => {
    const { callsTo } = mockApi();
    const user = userEvent.setup();
    renderSection();
    await user.type(codeInput(), WRONG_CHECK);
    expect(await screen.findByText(/حرف التحقق في آخره لا يطابق/)).toBeInTheDocument();
    await user.click(submit());
    expect(codeInput()).toHaveAccessibleDescription(/خطأً مطبعياً/);
    expect(callsTo(VERIFY)).toHaveLength(0);
  });

  it('asks for the rest of an unfinished code without any request', async () => {
    const { callsTo } = mockApi();
    const user = userEvent.setup();
    renderSection();
    await user.type(codeInput(), 'ABCD23');
    await user.click(submit());
    expect(await screen.findByText('الرمز غير مكتمل: يتكون من 17 حرفاً ورقماً.')).toBeVisible();
    expect(callsTo(VERIFY)).toHaveLength(0);
  });

  it('shows the decrypted fields once with Arabic labels, then clears them', async () => {
    const { callsTo } = mockApi();
    const user = userEvent.setup();
    renderSection();
    await user.type(codeInput(), CODE.toLowerCase());
    await user.click(submit());

    const card = (await screen.findByRole('heading', { name: 'البيانات بعد فك التشفير' })).closest(
      'div.rounded-2xl',
    ) as HTMLElement;
    expect(JSON.parse(String(callsTo(VERIFY)[0]![1]!.body))).toEqual({ token: FORMATTED });
    const value = (label: string) =>
      within(card).getByText(label).closest('div')!.querySelector('dd')!.textContent;
    expect(value('الاسم الكامل')).toBe('محمد أحمد القحطاني');
    expect(value('رقم الهوية')).toBe('1012345678');
    // A field without an Arabic label keeps its own name.
    expect(value('blood_type')).toBe('O+');
    expect(card).toHaveTextContent('لن تظهر مرة أخرى');
    expect(card).toHaveTextContent('وزارة الاختبار');
    expect(codeInput()).toHaveValue('');

    await user.click(within(card).getByRole('button', { name: 'مسح البيانات من الشاشة' }));
    expect(screen.queryByText('محمد أحمد القحطاني')).not.toBeInTheDocument();
    expect(screen.getByText('مُسحت البيانات من الشاشة.')).toBeInTheDocument();
    expect(codeInput()).toHaveFocus();
  });

  it.each([
    ['token_used', 410, 'هذا الرمز استُخدم من قبل'],
    ['token_expired', 410, 'انتهت صلاحية هذا الرمز'],
    ['token_revoked', 410, 'ألغى الفرد أو الجهة المُصدِرة هذا الرمز'],
    ['token_not_found', 404, 'صادر لجهتك وليس لجهة أخرى'],
    ['token_malformed', 400, 'الرمز غير صحيح'],
    ['subject_locked', 403, 'أقفل الفرد رقم هويته'],
    ['internal_error', 500, 'تعذّر فك تشفير الرمز الآن'],
  ])('explains %s in Arabic', async (code, status, message) => {
    mockApi({
      [VERIFY]: () =>
        json(status, { code, status, title: 'x', detail: 'English detail', type: 'about:blank' }),
    });
    const user = userEvent.setup();
    renderSection();
    await user.type(codeInput(), CODE);
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).not.toHaveTextContent('English detail');
    expect(codeInput()).toHaveValue(FORMATTED);
  });

  it("clears the previous person's data the moment another code is submitted", async () => {
    let answer: () => Response = () => json(200, verified);
    mockApi({ [VERIFY]: () => answer() });
    const user = userEvent.setup();
    renderSection();
    await user.type(codeInput(), CODE);
    await user.click(submit());
    expect(await screen.findByText('محمد أحمد القحطاني')).toBeInTheDocument();
    answer = () =>
      json(410, { code: 'token_used', status: 410, title: 'x', detail: 'x', type: 'x' });
    await user.type(codeInput(), CODE);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('هذا الرمز استُخدم من قبل');
    expect(screen.queryByText('محمد أحمد القحطاني')).not.toBeInTheDocument();
  });

  it('tells a viewer that their role cannot decrypt, and still shows the list', async () => {
    mockApi();
    renderSection('viewer');
    expect(screen.getByText(/لا تسمح بفك تشفير الرموز/)).toBeInTheDocument();
    expect(screen.queryByLabelText('رمز الهوية المؤقت')).not.toBeInTheDocument();
    expect(await screen.findByText('tok_used1')).toBeInTheDocument();
  });
});

/*
 * The double lock's crypto runs in the SDK (its own tests, and the e2e journey in Chromium):
 * jsdom's typed arrays are not Web Crypto's. Here a key file is "private:<public key>", and an
 * answer sealed to a public key carries that key as `enc` and the data as `ciphertext`.
 */
vi.mock('../../lib/double-lock.ts', () => ({
  encryptionPublicKeyOf: async (text: string) => {
    if (!text.startsWith('private:')) throw new TypeError('not a key');
    return text.slice('private:'.length);
  },
  openSealedData: async (sealed: { enc: string; ciphertext: string }, privateKey: string) => {
    if (privateKey !== `private:${sealed.enc}`) throw new Error('does not open');
    return JSON.parse(sealed.ciphertext);
  },
}));

const keyPair = (name: string) => ({ publicKey: `pub-${name}`, privateKey: `private:pub-${name}` });

function sealedTo(publicKey: string): StaffVerifyResult {
  const { data, ...rest } = verified as Extract<StaffVerifyResult, { data: unknown }>;
  return { ...rest, encryption: 'hpke', enc: publicKey, ciphertext: JSON.stringify(data) };
}

const keyFile = (text: string, name = 'tanqin-private-key.pem') =>
  new File([text], name, { type: 'application/x-pem-file' });
/** The decrypt card (the ask panel above it has a key file chooser of its own). */
const decryptCard = async () =>
  (await screen.findByRole('heading', { name: 'فك تشفير رمز' })).closest(
    'div.rounded-2xl',
  ) as HTMLElement;

describe('codes screen: the double lock', () => {
  beforeEach(() => localStorage.setItem('org_token', 'access-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the key file and checks it is the registered key before the code is used', async () => {
    const registered = keyPair('registered');
    const stranger = keyPair('stranger');
    const answer = sealedTo(registered.publicKey);
    const { callsTo } = mockApi({
      [LOCK]: () => json(200, { public_key: registered.publicKey, updated_at: null }),
      [VERIFY]: () => json(200, answer),
    });
    const user = userEvent.setup();
    renderSection('verifier');
    const card = await decryptCard();
    const chooser = await within(card).findByLabelText('ملف المفتاح الخاص');
    expect(within(card).getByRole('group', { name: /ملف المفتاح الخاص أولاً/ })).toBeInTheDocument();

    await user.type(codeInput(), CODE);
    await user.click(submit());
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'اختر ملف المفتاح الخاص أولاً: لم يُرسل الرمز ولم يُستخدم.',
    );
    expect(chooser).toHaveFocus();
    await user.upload(chooser, keyFile('not a key'));
    expect(await within(card).findByRole('alert')).toHaveTextContent('تعذّرت قراءة هذا الملف');
    await user.upload(chooser, keyFile(stranger.privateKey));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'هذا الملف ليس مفتاح جهتك المسجّل',
    );
    await user.click(submit());
    expect(callsTo(VERIFY)).toHaveLength(0);

    await user.upload(chooser, keyFile(registered.privateKey));
    expect(await within(card).findByText('ملف المفتاح يطابق المفتاح المسجّل لجهتك:')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // One file for the page: "Ask for data" holds it too.
    expect(screen.getAllByText('ملف المفتاح يطابق المفتاح المسجّل لجهتك:')).toHaveLength(2);
    await user.click(submit());
    expect(await screen.findByText('محمد أحمد القحطاني')).toBeInTheDocument();
    expect(callsTo(VERIFY)).toHaveLength(1);
    // The private key never leaves the page.
    const sent = callsTo(VERIFY).map(([, init]) => String(init?.body));
    expect(sent.join('')).not.toContain(registered.privateKey);
  });

  it('keeps an answer sealed to an earlier key in the page, warns before leaving, and opens it with that file', async () => {
    const registered = keyPair('registered');
    const earlier = keyPair('earlier');
    const answer = sealedTo(earlier.publicKey);
    mockApi({
      [LOCK]: () => json(200, { public_key: registered.publicKey, updated_at: null }),
      [VERIFY]: () => json(200, answer),
    });
    const user = userEvent.setup();
    renderSection();
    await user.upload(
      await within(await decryptCard()).findByLabelText('ملف المفتاح الخاص'),
      keyFile(registered.privateKey),
    );
    await user.type(codeInput(), CODE);
    await user.click(submit());
    const step = (await screen.findByRole('heading', { name: 'البيانات مقفلة بقفل ثانٍ' })).closest(
      'div.rounded-2xl',
    ) as HTMLElement;
    expect(step).toHaveTextContent('خُتمت بمفتاح سابق لجهتك');
    expect(step).toHaveTextContent('إذا أغلقت الصفحة أو أعدت تحميلها قبل ذلك ضاعت البيانات نهائياً');
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    await user.upload(
      within(step).getByLabelText('ملف المفتاح الخاص'),
      keyFile(registered.privateKey),
    );
    expect(await within(step).findByRole('alert')).toHaveTextContent(
      'هذا المفتاح لا يفتح البيانات',
    );
    await user.upload(
      within(step).getByLabelText('ملف المفتاح الخاص'),
      keyFile(earlier.privateKey),
    );
    expect(await screen.findByText('محمد أحمد القحطاني')).toBeInTheDocument();
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });
});

describe('codes screen: the list', () => {
  beforeEach(() => localStorage.setItem('org_token', 'access-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows received codes with status badges, field labels and dates', async () => {
    mockApi();
    renderSection();
    const table = await screen.findByRole('region', { name: 'قائمة الرموز' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('tok_used1');
    expect(within(rows[1]!).getByText('مستخدم')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('الاسم الكامل، رقم الهوية');
    expect(rows[1]).toHaveTextContent('22 نوفمبر 2026');
    // Each name once, on one line, whole on hover and to screen readers: a received code is
    // used by this organisation, which the row need not name.
    expect(rows[1]).not.toHaveTextContent('بواسطة');
    const issuer = within(rows[1]!).getByText('وزارة الاختبار');
    expect(issuer).toHaveAttribute('title', 'وزارة الاختبار');
    expect(issuer).toHaveClass('truncate');
    expect(issuer).toHaveAttribute('tabindex', '0');
    // Created and expiry share one column (the table fits its frame at 1366 px): the day, then
    // the hours; a code that outlives its day shows the day it ends.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['المعرّف المرجعي', 'الحالة', 'الحقول', 'الجهة المُصدِرة', 'الصلاحية', 'الاستخدام']);
    expect(rows[1]).toHaveTextContent(/\d\d:00 [صم] – \d\d:00 [صم]/);
    expect(rows[2]).toHaveTextContent(/حتى 23 نوفمبر 2026، \d\d:10 [صم]/);
    expect(within(rows[2]!).getByText('نشط')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('شركة الشحن');
    expect(rows[2]).toHaveTextContent('لم يُستخدم');
    expect(screen.getByText(/صفحة 1 · إجمالي الرموز: 2/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'التالي' })).toBeDisabled();
  });

  it('switches to issued codes and filters by status', async () => {
    const issued = 'GET /api/v1/tokens?mode=live&direction=issued&limit=20';
    const issuedUsed = 'GET /api/v1/tokens?mode=live&direction=issued&status=used&limit=20';
    const { callsTo } = mockApi({
      [issued]: () => json(200, listOf({ tokens: [], total: 0 })),
      [issuedUsed]: () => json(200, listOf({ tokens: [listOf().tokens[0]!], total: 1 })),
    });
    const user = userEvent.setup();
    renderSection();
    await screen.findByText('tok_used1');
    await user.click(screen.getByRole('tab', { name: 'الرموز الصادرة' }));
    expect(await screen.findByText('لم تُصدر جهتك رموزاً بعد.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('الحالة'), 'used');
    expect(await screen.findByText('tok_used1')).toBeInTheDocument();
    expect(callsTo(issuedUsed)).toHaveLength(1);
  });

  it('pages through the codes by cursor and searches by reference', async () => {
    const page2 = 'GET /api/v1/tokens?mode=live&direction=received&cursor=c1&limit=20';
    const search = 'GET /api/v1/tokens?mode=live&direction=received&q=tok_p&limit=20';
    const searchWide = 'GET /api/v1/tokens?mode=live&direction=received&q=tok&limit=20';
    mockApi({
      [RECEIVED]: () => json(200, listOf({ total: 41, next_cursor: 'c1' })),
      [page2]: () =>
        json(200, listOf({ tokens: [{ ...listOf().tokens[1]!, token_id: 'tok_p2' }], total: 41 })),
      [search]: () =>
        json(200, listOf({ tokens: [{ ...listOf().tokens[1]!, token_id: 'tok_p2' }], total: 1 })),
      [searchWide]: () => json(200, listOf({ total: 10_000, total_capped: true })),
    });
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText(/صفحة 1 · إجمالي الرموز: 41/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'السابق' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'التالي' }));
    expect(await screen.findByText('tok_p2')).toBeInTheDocument();
    expect(screen.getByText(/صفحة 2/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'السابق' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'السابق' }));
    expect(await screen.findByText('tok_used1')).toBeInTheDocument();

    // More codes match than the server counts: it says so rather than a wrong total.
    await user.type(screen.getByLabelText('البحث بالمعرّف المرجعي'), 'tok');
    expect(await screen.findByText(/إجمالي الرموز: أكثر من 10,000/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('البحث بالمعرّف المرجعي'), '_p');
    expect(await screen.findByText(/إجمالي الرموز: 1$/)).toBeInTheDocument();
    expect(screen.queryByText('tok_used1')).not.toBeInTheDocument();
  });

  const historyOf = {
    token: { ...listOf().tokens[0]!, code_tail: 'XYZ7' },
    entries: [
      {
        action: 'issue',
        at: '2026-11-22T09:00:00.000Z',
        organization: { name: 'وزارة الاختبار' },
        member: null,
        via: 'api_key',
        fields: ['full_name', 'iban'],
        reason: null,
        chain: { shard: 3, seq: 1, hash: 'a'.repeat(64) },
      },
      {
        action: 'use',
        at: '2026-11-22T09:30:00.000Z',
        organization: { name: 'بنك الاختبار' },
        member: { name: 'سارة العتيبي' },
        via: 'dashboard',
        fields: ['full_name', 'iban'],
        reason: null,
        chain: { shard: 3, seq: 2, hash: 'b'.repeat(64) },
      },
    ],
  };

  it("opens a code's history naming the member who decrypted it, and its printable receipt", async () => {
    mockApi({
      'GET /api/v1/tokens/tok_used1/history': () => json(200, historyOf),
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'سجل الرمز tok_used1' }));
    const drawer = await screen.findByRole('dialog', { name: 'سجل الرمز' });
    expect(await within(drawer).findByText('فُكّ تشفيره')).toBeInTheDocument();
    expect(drawer).toHaveTextContent('بواسطة سارة العتيبي');
    // The issuer and the audience named once, above the events.
    expect(within(drawer).getAllByText('وزارة الاختبار')).toHaveLength(1);
    expect(within(drawer).getAllByText('بنك الاختبار')).toHaveLength(1);
    expect(within(drawer).getByText('عبر مفتاح API')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'إيصال التحقق' }));
    const receipt = await screen.findByRole('dialog', { name: 'إيصال التحقق' });
    expect(receipt).toHaveTextContent('••••-••••-••••-•XYZ-7');
    expect(receipt).toHaveTextContent('سارة العتيبي');
    expect(within(receipt).getAllByText('بنك الاختبار')).toHaveLength(1);
    expect(within(receipt).getAllByText('وزارة الاختبار')).toHaveLength(1);
    expect(receipt).toHaveTextContent('السلسلة 3، القيد 2');
    expect(receipt).toHaveTextContent('b'.repeat(64));
    expect(receipt).not.toHaveTextContent('محمد');
    await user.click(within(receipt).getByRole('button', { name: 'طباعة' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('lets an owner revoke an active issued code after confirming', async () => {
    const issued = 'GET /api/v1/tokens?mode=live&direction=issued&limit=20';
    const active = {
      ...historyOf,
      token: { ...listOf().tokens[1]!, code_tail: 'XYZ7' },
      entries: [historyOf.entries[0]],
    };
    const { callsTo } = mockApi({
      [issued]: () => json(200, listOf()),
      'GET /api/v1/tokens/tok_active2/history': () => json(200, active),
      'POST /api/v1/tokens/tok_active2/revoke': () =>
        json(200, { success: true, status: 'revoked' }),
    });
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('tab', { name: 'الرموز الصادرة' }));
    await user.click(await screen.findByRole('button', { name: 'سجل الرمز tok_active2' }));
    await user.click(await screen.findByRole('button', { name: 'إلغاء الرمز' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'إلغاء هذا الرمز؟' });
    await user.click(within(confirm).getByRole('button', { name: 'إلغاء الرمز' }));
    await waitFor(() => expect(callsTo('POST /api/v1/tokens/tok_active2/revoke')).toHaveLength(1));
  });

  it('shows loading, then an error with a retry, then the empty state', async () => {
    let answer: () => Response = () => json(500, { code: 'internal_error', status: 500 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockApi({
      [RECEIVED]: async () => {
        await gate;
        return answer();
      },
    });
    const user = userEvent.setup();
    renderSection();
    expect(screen.getByRole('status')).toHaveTextContent('جارٍ تحميل الرموز...');
    release();
    expect(await screen.findByText('تعذّر تحميل الرموز. حاول مرة أخرى.')).toBeInTheDocument();
    answer = () => json(200, listOf({ tokens: [], total: 0 }));
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    await waitFor(() => expect(screen.getByText('لم تستلم جهتك رموزاً بعد.')).toBeInTheDocument());
  });
});
