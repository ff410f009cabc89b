import type { MemberRole, StaffVerifyResult, VerificationRequest } from '@tanqin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { json, mockApi, renderWithProviders } from '../../../test/mock-api.tsx';
import { AskForDataPanel } from './ask-for-data-panel.tsx';

/*
 * As in codes-section.test.tsx: jsdom's typed arrays are not Web Crypto's, so here a key file is
 * "private:<public key>" and an answer sealed to a public key carries it as `enc`.
 */
vi.mock('../../../lib/double-lock.ts', () => ({
  encryptionPublicKeyOf: async (text: string) => {
    if (!text.startsWith('private:')) throw new TypeError('not a key');
    return text.slice('private:'.length);
  },
  openSealedData: async (sealed: { enc: string; ciphertext: string }, privateKey: string) => {
    if (privateKey !== `private:${sealed.enc}`) throw new Error('does not open');
    return JSON.parse(sealed.ciphertext);
  },
}));

const ORG_ID = 'org_1';
const REQUEST_ID = 'vrq_counter1';
const CODE = 'ABCD-2345-EFGH-6789-K';
const LOCK = 'GET /api/v1/organization/encryption-key';
const LIST = 'GET /api/v1/verification-requests';
const ASK = 'POST /api/v1/verification-requests';
const ONE = `GET /api/v1/verification-requests/${REQUEST_ID}`;
const CANCEL = `POST /api/v1/verification-requests/${REQUEST_ID}/cancel`;
const VERIFY = 'POST /api/v1/tokens/verify';

const request = (overrides: Partial<VerificationRequest> = {}) =>
  ({
    viewer: 'audience',
    request_id: REQUEST_ID,
    status: 'pending',
    fields: ['full_name', 'national_id'],
    purpose: 'فتح حساب',
    created_at: '2026-11-22T10:00:00.000Z',
    expires_at: '2026-11-22T10:10:00.000Z',
    link: `https://tanqin.example/r/${REQUEST_ID}`,
    match_number: '47',
    token_id: null,
    token: null,
    ...overrides,
  }) as VerificationRequest;
const answered = () => request({ status: 'fulfilled', token_id: 'tok_answer', token: CODE });

const verified = {
  success: true,
  token_id: 'tok_answer',
  data: { full_name: 'محمد أحمد القحطاني', national_id: '1012345678' },
  data_scope: [],
  issuer: { name: 'هيئة الإصدار', client_id: 'tqc_issuer' },
  verified_at: '2026-11-22T10:03:00.000Z',
} as StaffVerifyResult;
const keyPair = (name: string) => ({ publicKey: `pub-${name}`, privateKey: `private:pub-${name}` });
const sealedTo = (publicKey: string) => {
  const { data, ...rest } = verified as Extract<StaffVerifyResult, { data: unknown }>;
  return { ...rest, encryption: 'hpke', enc: publicKey, ciphertext: JSON.stringify(data) };
};
const keyFile = (text: string) =>
  new File([text], 'tanqin-private-key.pem', { type: 'application/x-pem-file' });

/**
 * The API as the panel speaks to it: the request stays pending until `personAnswers()`, then
 * reads fulfilled with its code (as GET answers until the code is used).
 */
function serve({
  registeredKey = null as string | null,
  answer = verified as unknown,
  open = [] as VerificationRequest[],
} = {}) {
  let isAnswered = false;
  let openRequests = open;
  const api = mockApi({
    [LOCK]: () => json(200, { public_key: registeredKey, updated_at: null }),
    [LIST]: () => json(200, { requests: openRequests }),
    [ASK]: () => {
      openRequests = [request()];
      return json(201, request());
    },
    [ONE]: () => json(200, isAnswered ? answered() : request()),
    [CANCEL]: () => {
      openRequests = [];
      return json(200, request({ status: 'cancelled' }));
    },
    [VERIFY]: () => json(200, answer),
  });
  return {
    ...api,
    personAnswers: () => {
      isAnswered = true;
    },
  };
}

const VERIFIER: MemberRole = 'verifier';
const renderPanel = () =>
  renderWithProviders(<AskForDataPanel organizationId={ORG_ID} role={VERIFIER} />);

describe('ask for data', () => {
  beforeEach(() => localStorage.setItem('org_token', 'access-token'));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('ar');
  });

  it('asks for the chosen fields, purpose and expiry, refusing none or no purpose in Arabic, then shows the QR and number large and the data by itself', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderPanel();
    const submit = await screen.findByRole('button', { name: 'اطلب البيانات' });
    await waitFor(() => expect(submit).toBeEnabled());

    await user.click(screen.getByRole('checkbox', { name: 'الاسم الكامل' }));
    await user.click(screen.getByRole('checkbox', { name: 'رقم الهوية' }));
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('اختر حقلاً واحداً على الأقل');

    await user.click(screen.getByRole('checkbox', { name: 'رقم الجوال' }));
    await user.click(submit);
    expect(await screen.findByText('اكتب سبب طلب البيانات')).toBeVisible();
    expect(api.callsTo(ASK)).toHaveLength(0);

    await user.type(screen.getByLabelText('السبب'), 'فتح حساب');
    await user.selectOptions(screen.getByLabelText('مدة الصلاحية'), '30 دقيقة');
    await user.click(submit);
    await screen.findByRole('heading', { name: 'بانتظار الإجابة' });
    expect(api.bodiesOf(ASK)).toEqual([
      { fields: ['phone'], purpose: 'فتح حساب', expires_in: 1800 },
    ]);
    expect(await screen.findByRole('img', { name: 'رمز QR لصفحة الطلب' })).toBeVisible();
    const number = screen.getByTestId('match-number');
    expect(number).toHaveTextContent('47');
    expect(number).toHaveClass('text-7xl');
    expect(screen.getByText('لأجل: فتح حساب')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: `https://tanqin.example/r/${REQUEST_ID}` }),
    ).toBeVisible();
    expect(api.callsTo(VERIFY)).toHaveLength(0);

    // The person answers in an issuer's app: the data appears without anyone typing a code.
    api.personAnswers();
    expect(await screen.findByText('محمد أحمد القحطاني')).toBeVisible();
    expect(api.bodiesOf(VERIFY)).toEqual([{ token: CODE }]);
    await user.click(screen.getByRole('button', { name: 'مسح البيانات من الشاشة' }));
    expect(screen.queryByText('محمد أحمد القحطاني')).not.toBeInTheDocument();
  });

  it('lists the open requests and cancels one; an answered one is opened, not cancelled', async () => {
    const api = serve({
      open: [
        request(),
        request({ request_id: 'vrq_waiting', purpose: 'تحديث بيانات', status: 'fulfilled' }),
      ],
    });
    const user = userEvent.setup();
    renderPanel();
    const list = (await screen.findByRole('heading', { name: 'الطلبات المفتوحة' })).closest(
      'div.rounded-2xl',
    ) as HTMLElement;
    const [pending, waiting] = within(list).getAllByRole('listitem');
    expect(pending).toHaveTextContent('فتح حساب');
    expect(within(waiting!).getByText('وصلت الإجابة')).toBeInTheDocument();
    expect(within(waiting!).getByRole('button', { name: 'فتح البيانات' })).toBeInTheDocument();
    expect(within(waiting!).queryByRole('button', { name: 'إلغاء' })).not.toBeInTheDocument();

    await user.click(within(pending!).getByRole('button', { name: 'إلغاء' }));
    await waitFor(() => expect(api.callsTo(CANCEL)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'الطلبات المفتوحة' })).not.toBeInTheDocument(),
    );
  });

  it('with the double lock, asks for the key file before asking, then opens the answer with it by itself', async () => {
    const registered = keyPair('registered');
    const api = serve({
      registeredKey: registered.publicKey,
      answer: sealedTo(registered.publicKey),
    });
    const user = userEvent.setup();
    renderPanel();
    const chooser = await screen.findByLabelText('ملف المفتاح الخاص');
    await user.type(screen.getByLabelText('السبب'), 'فتح حساب');
    await user.click(screen.getByRole('button', { name: 'اطلب البيانات' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'اختر ملف المفتاح الخاص أولاً: لم يُرسل الطلب.',
    );
    expect(chooser).toHaveFocus();
    expect(api.callsTo(ASK)).toHaveLength(0);

    await user.upload(chooser, keyFile(keyPair('stranger').privateKey));
    expect(await screen.findByRole('alert')).toHaveTextContent('هذا الملف ليس مفتاح جهتك المسجّل');
    await user.upload(chooser, keyFile(registered.privateKey));
    await screen.findByText('ملف المفتاح يطابق المفتاح المسجّل لجهتك:');
    await user.click(screen.getByRole('button', { name: 'اطلب البيانات' }));
    await screen.findByTestId('match-number');
    api.personAnswers();
    expect(await screen.findByText('محمد أحمد القحطاني')).toBeVisible();
    expect(api.callsTo(VERIFY)).toHaveLength(1);
    // The private key never leaves the page.
    const sent = api.fetchMock.mock.calls.map(([, init]) => String(init?.body ?? ''));
    expect(sent.join('')).not.toContain(registered.privateKey);
  });

  it('with the double lock and no key file when the answer comes, keeps its code unused until the file is chosen', async () => {
    const registered = keyPair('registered');
    const api = serve({
      registeredKey: registered.publicKey,
      answer: sealedTo(registered.publicKey),
    });
    const user = userEvent.setup();
    renderPanel();
    await user.upload(
      await screen.findByLabelText('ملف المفتاح الخاص'),
      keyFile(registered.privateKey),
    );
    await user.type(screen.getByLabelText('السبب'), 'فتح حساب');
    await user.click(screen.getByRole('button', { name: 'اطلب البيانات' }));
    await screen.findByTestId('match-number');
    // The file is taken off the page while the person answers.
    await user.click(screen.getByRole('button', { name: 'إزالة الملف من الصفحة' }));
    api.personAnswers();

    const shown = (await screen.findByRole('heading', { name: 'وصلت الإجابة' })).closest(
      'div.rounded-2xl',
    ) as HTMLElement;
    expect(
      await within(shown).findByText(/إن أُغلقت هذه الصفحة قبل ذلك فلا يضيع شيء/),
    ).toBeVisible();
    expect(api.callsTo(VERIFY)).toHaveLength(0);
    expect(screen.queryByText('محمد أحمد القحطاني')).not.toBeInTheDocument();

    await user.upload(
      within(shown).getByLabelText('ملف المفتاح الخاص'),
      keyFile(registered.privateKey),
    );
    expect(await screen.findByText('محمد أحمد القحطاني')).toBeVisible();
    expect(api.bodiesOf(VERIFY)).toEqual([{ token: CODE }]);
  });

  it('speaks English: the form, its refusals, the number and the open requests', async () => {
    await i18n.changeLanguage('en');
    const api = serve();
    const user = userEvent.setup();
    renderPanel();
    const submit = await screen.findByRole('button', { name: 'Ask for data' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(screen.getByRole('checkbox', { name: 'Full name' }));
    await user.click(screen.getByRole('checkbox', { name: 'ID number' }));
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at least one field');
    await user.click(screen.getByRole('checkbox', { name: 'Full name' }));
    await user.click(submit);
    expect(await screen.findByText('Write why you need the data')).toBeVisible();

    await user.type(screen.getByLabelText('Purpose'), 'Opening an account');
    await user.selectOptions(screen.getByLabelText('Valid for'), '5 minutes');
    await user.click(submit);
    await screen.findByRole('heading', { name: 'Waiting for the answer' });
    expect(api.bodiesOf(ASK)).toEqual([
      { fields: ['full_name'], purpose: 'Opening an account', expires_in: 300 },
    ]);
    expect(screen.getByText('Match number')).toBeVisible();
    expect(screen.getByTestId('match-number')).toHaveTextContent('47');
    expect(await screen.findByRole('img', { name: "QR of the request's page" })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Open requests' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeVisible();
  });
});
