import type { PublicVerificationRequest } from '@tanqin/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { json, mockApi, problem } from '../../../test/mock-api.tsx';
import { renderPage } from '../../../test/render-page.tsx';
import { VerificationRequestPage } from './verification-request-page.tsx';

const REQUEST_ID = 'vrq_counter1';
const PUBLIC = `GET /api/v1/verification-requests/${REQUEST_ID}/public`;
const EXPIRES_AT = '2026-11-22T10:10:00.000Z';

const asked = (overrides: Partial<PublicVerificationRequest> = {}) =>
  ({
    request_id: REQUEST_ID,
    status: 'pending',
    fields: ['full_name', 'national_id'],
    purpose: 'فتح حساب',
    expires_at: EXPIRES_AT,
    audience: { name: 'مصرف المثال' },
    answer_with: [
      { name: 'هيئة الإصدار', url: `https://issuer.example.sa/answer?request=${REQUEST_ID}` },
      { name: 'تطبيق آخر', url: `https://other.example.sa/r/${REQUEST_ID}` },
    ],
    ...overrides,
  }) as PublicVerificationRequest;

const openPage = () => renderPage('/r/:id', VerificationRequestPage, `/r/${REQUEST_ID}`);

/** The value shown beside a term of the request's description. */
const describedAs = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('/r/{id}: a verification request, for the person who scanned its QR', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('ar');
  });

  it('says who asks, for which data, why and until when, and links the apps that answer', async () => {
    mockApi({ [PUBLIC]: () => json(200, asked()) });
    openPage();
    expect(await screen.findByText('مصرف المثال')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'طلب تحقق من هويتك' })).toBeVisible();
    expect(describedAs('الجهة الطالبة')).toHaveTextContent('مصرف المثال');
    const fields = within(describedAs('البيانات المطلوبة')).getAllByRole('listitem');
    expect(fields.map((field) => field.textContent)).toEqual(['الاسم الكامل', 'رقم الهوية']);
    expect(describedAs('السبب')).toHaveTextContent('فتح حساب');
    const until = new Intl.DateTimeFormat('ar-SA', {
      dateStyle: 'medium',
      timeStyle: 'short',
      numberingSystem: 'latn',
    }).format(new Date(EXPIRES_AT));
    expect(describedAs('صالح حتى')).toHaveTextContent(until);

    expect(screen.getByRole('heading', { name: 'أجب من خلال' })).toBeVisible();
    expect(screen.getByText(/اختر الرقم الظاهر على شاشة الجهة الطالبة فقط/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'هيئة الإصدار' })).toHaveAttribute(
      'href',
      `https://issuer.example.sa/answer?request=${REQUEST_ID}`,
    );
    expect(screen.getByRole('link', { name: 'تطبيق آخر' })).toHaveAttribute(
      'href',
      `https://other.example.sa/r/${REQUEST_ID}`,
    );
  });

  it('says so when no organisation registered an app link', async () => {
    mockApi({ [PUBLIC]: () => json(200, asked({ answer_with: [] })) });
    openPage();
    expect(await screen.findByText(/لم تسجّل أي جهة رابط تطبيق بعد/)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'هيئة الإصدار' })).not.toBeInTheDocument();
  });

  it('says an expired request takes no answer, and offers no app', async () => {
    mockApi({ [PUBLIC]: () => json(200, asked({ status: 'expired' })) });
    openPage();
    expect(await screen.findByText('انتهت صلاحية هذا الطلب.')).toBeVisible();
    expect(describedAs('الجهة الطالبة')).toHaveTextContent('مصرف المثال');
    expect(screen.queryByRole('heading', { name: 'أجب من خلال' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'هيئة الإصدار' })).not.toBeInTheDocument();
  });

  it('says an unknown request does not exist', async () => {
    mockApi({ [PUBLIC]: () => problem(404, 'verification_request_not_found') });
    openPage();
    expect(await screen.findByText('هذا الطلب غير موجود.')).toBeVisible();
    expect(screen.queryByText('الجهة الطالبة')).not.toBeInTheDocument();
  });

  it('speaks English: who asks, the fields, why, until when, the apps; expired and unknown too', async () => {
    await i18n.changeLanguage('en');
    const api = mockApi({ [PUBLIC]: () => json(200, asked({ purpose: 'Opening an account' })) });
    const { unmount } = openPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'A request to verify your identity' }),
    ).toBeVisible();
    await screen.findByText('مصرف المثال');
    expect(describedAs('Who asks')).toHaveTextContent('مصرف المثال');
    const fields = within(describedAs('Data asked for')).getAllByRole('listitem');
    expect(fields.map((field) => field.textContent)).toEqual(['Full name', 'ID number']);
    expect(describedAs('Why')).toHaveTextContent('Opening an account');
    const until = new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      numberingSystem: 'latn',
    }).format(new Date(EXPIRES_AT));
    expect(describedAs('Valid until')).toHaveTextContent(until);
    expect(screen.getByRole('heading', { name: 'Answer with' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'هيئة الإصدار' })).toBeVisible();
    unmount();
    vi.unstubAllGlobals();

    mockApi({ [PUBLIC]: () => json(200, asked({ status: 'expired' })) });
    const expired = openPage();
    expect(await screen.findByText('This request has expired.')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Answer with' })).not.toBeInTheDocument();
    expired.unmount();
    vi.unstubAllGlobals();

    mockApi({ [PUBLIC]: () => problem(404, 'verification_request_not_found') });
    openPage();
    expect(await screen.findByText('There is no such request.')).toBeVisible();
    expect(api.callsTo(PUBLIC)).toHaveLength(1);
  });
});
