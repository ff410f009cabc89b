import { problems } from '@tanqin/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem } from '../../test/mock-api.tsx';
import { renderPage } from '../../test/render-page.tsx';
import { RegisterPage } from './register-page.tsx';

const registered = {
  token: 'new-person',
  user: { id: 'u1', email: 'sara@example.sa' },
  requiresConfirmation: true,
  verification: {
    method: 'sms',
    destination_hint: '05******78',
    expires_in: 600,
    resend_after: 60,
  },
};

async function fillForm() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('الاسم الأول'), 'سارة');
  await user.type(screen.getByLabelText('اسم العائلة'), 'العتيبي');
  await user.type(screen.getByLabelText('رقم الهوية الوطنية'), '1000000008');
  await user.type(screen.getByLabelText('رقم الجوال'), '0512345678');
  await user.type(
    screen.getByLabelText('البريد الإلكتروني', { selector: 'input[type=email]' }),
    'sara@example.sa',
  );
  await user.type(screen.getByLabelText('كلمة المرور'), 'Secret123');
  await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'Secret123');
  return user;
}

describe('/register', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the shared schema's messages on submit, then updates them as the user types", async () => {
    const { fetchMock } = mockApi({});
    renderPage('/register', RegisterPage);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    expect(await screen.findByText('رقم الهوية الوطنية مطلوب')).toBeInTheDocument();
    expect(screen.getByText('يجب أن يبدأ رقم الهاتف بـ 05 ويتكون من 10 أرقام')).toBeInTheDocument();
    expect(screen.getByText('الاسم الأول يجب أن يكون حرفين على الأقل')).toBeInTheDocument();
    expect(screen.getByText('كلمة المرور يجب أن تكون 8 أحرف على الأقل')).toBeInTheDocument();

    const nationalId = screen.getByLabelText('رقم الهوية الوطنية');
    await user.type(nationalId, '1234567890');
    expect(await screen.findByText('رقم الهوية الوطنية غير صالح')).toBeInTheDocument();
    const phone = screen.getByLabelText('رقم الجوال');
    expect(phone).toHaveAttribute('maxlength', '10');
    await user.type(phone, '0512345678');
    await waitFor(() =>
      expect(screen.queryByText('يجب أن يبدأ رقم الهاتف بـ 05 ويتكون من 10 أرقام')).toBeNull(),
    );
    await user.type(screen.getByLabelText('كلمة المرور'), 'Secret123');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'Secret124');
    expect(await screen.findByText('كلمات المرور غير متطابقة')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('has no "email taken" state: an emailed code step says a taken address gets a notice instead', async () => {
    // The server answers a taken email like a free one (no account oracle, issue 22.5).
    mockApi({
      'POST /api/v1/auth/register/individual': () =>
        json(201, {
          ...registered,
          verification: { ...registered.verification, method: 'email' },
        }),
    });
    renderPage('/register', RegisterPage);
    const user = await fillForm();
    await user.click(screen.getByLabelText('البريد الإلكتروني', { selector: 'input[type=radio]' }));
    await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    expect(await screen.findByRole('heading', { name: 'تأكيد الحساب' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'إن كان لهذا البريد حساب في تنقين فلن يصله رمز، بل رسالة تخبر بذلك: سجّل الدخول إلى ذلك الحساب أو استعد كلمة مروره.',
      ),
    ).toBeInTheDocument();
  });

  it('registers with the chosen method, confirms the code and lands on the dashboard', async () => {
    const { bodiesOf, headersOf } = mockApi({
      'POST /api/v1/auth/register/individual': ({ body }) =>
        json(201, {
          ...registered,
          verification: { ...registered.verification, method: (body as { method: string }).method },
        }),
      'POST /api/v1/auth/verify/individual': ({ body }) =>
        (body as { code: string }).code === '654321'
          ? json(200, { success: true, user: registered.user })
          : problem(400, 'invalid_code'),
    });
    renderPage('/register', RegisterPage);
    const user = await fillForm();
    await user.click(screen.getByLabelText('البريد الإلكتروني', { selector: 'input[type=radio]' }));
    await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));

    expect(await screen.findByRole('heading', { name: 'تأكيد الحساب' })).toBeInTheDocument();
    expect(bodiesOf('POST /api/v1/auth/register/individual')[0]).toMatchObject({
      nationalId: '1000000008',
      phoneNumber: '0512345678',
      method: 'email',
      // The page's language becomes the profile's.
      language: 'ar',
    });
    expect(screen.getByText('05******78')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText(/يمكنك طلب رمز جديد بعد \d+ ثانية/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /إعادة إرسال الرمز/ })).toBeNull();

    const code = screen.getByLabelText('رمز التأكيد');
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'تأكيد الحساب' }));
    expect(await screen.findByText('يجب أن يتكون الرمز من 6 أرقام')).toBeInTheDocument();
    await user.type(code, '3456');
    await user.click(screen.getByRole('button', { name: 'تأكيد الحساب' }));
    expect(await screen.findByText('رمز التحقق غير صحيح')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '٦٥٤٣٢١');
    await user.click(screen.getByRole('button', { name: 'تأكيد الحساب' }));
    expect(await screen.findByText('تم تأكيد حسابك بنجاح!')).toBeInTheDocument();
    expect(headersOf('POST /api/v1/auth/verify/individual')[0]?.Authorization).toBe(
      'Bearer new-person',
    );
    expect(bodiesOf('POST /api/v1/auth/verify/individual').at(-1)).toEqual({
      method: 'email',
      code: '654321',
    });
    expect(
      await screen.findByText('landed on /dashboard', {}, { timeout: 2000 }),
    ).toBeInTheDocument();
  });

  it('resends once the countdown ends (the other method says it waits for it too) and waits as long as a 429 says', async () => {
    const { callsTo } = mockApi({
      'POST /api/v1/auth/register/individual': () =>
        json(201, { ...registered, verification: { ...registered.verification, resend_after: 1 } }),
      'POST /api/v1/auth/resend-code': () =>
        problem(429, 'too_many_requests', { detail: 'wait' }, { 'Retry-After': '42' }),
    });
    renderPage('/register', RegisterPage);
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    // While the countdown runs, the other method is disabled and says when it becomes active.
    const other = await screen.findByRole('button', { name: /إلى البريد الإلكتروني بدلاً/ });
    expect(other).toBeDisabled();
    expect(other).toHaveAccessibleDescription('متاح حين ينتهي العدّ أعلاه');
    const resend = await screen.findByRole(
      'button',
      { name: /إعادة إرسال الرمز/ },
      { timeout: 3000 },
    );
    expect(other).toBeEnabled();
    expect(other).not.toHaveAccessibleDescription();
    await user.click(resend);
    expect(await screen.findByText('يمكنك طلب رمز جديد بعد 42 ثانية')).toBeInTheDocument();
    expect(screen.getByText(problems.too_many_requests.ar)).toBeInTheDocument();
    expect(callsTo('POST /api/v1/auth/resend-code')).toHaveLength(1);
  });
});
