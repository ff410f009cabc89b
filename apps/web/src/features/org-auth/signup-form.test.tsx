import { messageText, problems } from '@tanqin/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem } from '../../test/mock-api.tsx';
import { renderOrgAuth } from './testing.tsx';

const SIGNUP = 'POST /api/v1/signup';
const SUBMIT = 'إنشاء حساب الجهة';

const LABELS = {
  name: 'اسم الجهة',
  type: 'نوع الجهة',
  email: 'البريد الإلكتروني للجهة',
  phone: 'رقم هاتف الجهة (اختياري)',
  contactPerson: 'اسم الشخص المسؤول',
  firstName: 'الاسم الأول',
  lastName: 'اسم العائلة',
  adminEmail: 'البريد الإلكتروني للمسؤول',
  adminPhone: 'رقم جوال المسؤول (اختياري)',
  password: 'كلمة المرور',
  confirmPassword: 'تأكيد كلمة المرور',
} as const;

const field = (name: keyof typeof LABELS) => screen.getByLabelText(LABELS[name]);

const createdOrganization = {
  success: true,
  organization: {
    id: 'org_1',
    name: 'هيئة الصحة الرقمية',
    client_id: 'tq_client_0123456789ab',
    type: 'government',
    email: 'info@health.example.sa',
    created_at: '2025-03-05T10:00:00.000Z',
  },
};

async function fillValidForm(user: UserEvent) {
  await user.type(field('name'), 'هيئة الصحة الرقمية');
  await user.selectOptions(field('type'), 'government');
  await user.type(field('email'), 'info@health.example.sa');
  await user.type(field('phone'), '0112345678');
  await user.type(field('contactPerson'), 'نورة القحطاني');
  await user.type(field('firstName'), 'نورة');
  await user.type(field('lastName'), 'القحطاني');
  await user.type(field('adminEmail'), 'admin@health.example.sa');
  await user.type(field('password'), 'Secret2025');
  await user.type(field('confirmPassword'), 'Secret2025');
}

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: SUBMIT }));

function renderSignup() {
  return renderOrgAuth(['/org-auth?tab=signup']);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('organisation sign-up form', () => {
  it('has every field of the sign-up entity, labelled, with private as the default type', () => {
    mockApi({});
    renderSignup();

    for (const name of Object.keys(LABELS) as Array<keyof typeof LABELS>) {
      expect(field(name)).toBeInTheDocument();
    }
    expect(field('type')).toHaveValue('private');
    expect(
      within(field('type'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['جهة حكومية', 'جهة خاصة']);
    expect(field('email')).toHaveAttribute('type', 'email');
    expect(field('adminEmail')).toHaveAttribute('type', 'email');
    // Latin values read left to right inside the Arabic page.
    for (const name of ['email', 'phone', 'adminEmail', 'adminPhone'] as const) {
      expect(field(name)).toHaveAttribute('dir', 'ltr');
    }
    expect(field('password')).toHaveAttribute('type', 'password');
    expect(field('password')).toHaveAttribute('autocomplete', 'new-password');
    expect(field('confirmPassword')).toHaveAttribute('autocomplete', 'new-password');
  });

  it('shows nothing before the first submit, then every required-field message', async () => {
    const { callsTo } = mockApi({});
    const user = userEvent.setup();
    renderSignup();

    await user.type(field('name'), 'x');
    await user.clear(field('name'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await submit(user);

    expect(field('name')).toHaveAccessibleDescription('اسم المؤسسة مطلوب');
    expect(field('email')).toHaveAccessibleDescription('البريد الإلكتروني غير صالح');
    expect(field('contactPerson')).toHaveAccessibleDescription('اسم الشخص المسؤول مطلوب');
    expect(field('firstName')).toHaveAccessibleDescription('الاسم الأول مطلوب');
    expect(field('lastName')).toHaveAccessibleDescription('اسم العائلة مطلوب');
    expect(field('adminEmail')).toHaveAccessibleDescription('البريد الإلكتروني غير صالح');
    expect(field('password')).toHaveAccessibleDescription(
      'كلمة المرور يجب أن تكون 8 أحرف على الأقل',
    );
    expect(field('name')).toHaveAttribute('aria-invalid', 'true');
    // The optional phones and a valid type are not errors.
    expect(field('phone')).not.toHaveAttribute('aria-invalid');
    expect(field('adminPhone')).not.toHaveAttribute('aria-invalid');
    expect(field('type')).not.toHaveAttribute('aria-invalid');
    // Messages are announced, and focus goes to the first field to fix.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
      'اسم المؤسسة مطلوب',
    );
    expect(field('name')).toHaveFocus();
    expect(callsTo(SIGNUP)).toHaveLength(0);
  });

  it('says the type must be chosen when it is not one of the two', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderSignup();

    fireEvent.change(field('type'), { target: { value: '' } });
    await submit(user);

    expect(field('type')).toHaveAccessibleDescription('يرجى اختيار نوع المؤسسة');
  });

  it('refuses a malformed email for the organisation and for the admin', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderSignup();

    await fillValidForm(user);
    await user.clear(field('email'));
    await user.type(field('email'), 'info@');
    await user.clear(field('adminEmail'));
    await user.type(field('adminEmail'), 'admin.example.sa');
    await submit(user);

    expect(field('email')).toHaveAccessibleDescription('البريد الإلكتروني غير صالح');
    expect(field('adminEmail')).toHaveAccessibleDescription('البريد الإلكتروني غير صالح');
    expect(field('name')).toHaveAccessibleDescription('');
  });

  it.each([
    ['Ab1', 'كلمة المرور يجب أن تكون 8 أحرف على الأقل'],
    ['lowercase2025', 'يجب أن تحتوي على حرف كبير على الأقل'],
    ['UPPERCASE2025', 'يجب أن تحتوي على حرف صغير على الأقل'],
    ['NoDigitsHere', 'يجب أن تحتوي على رقم واحد على الأقل'],
  ])('explains why the password %s is refused', async (password, message) => {
    mockApi({});
    const user = userEvent.setup();
    renderSignup();

    await fillValidForm(user);
    await user.clear(field('password'));
    await user.type(field('password'), password);
    await user.clear(field('confirmPassword'));
    await user.type(field('confirmPassword'), password);
    await submit(user);

    expect(field('password')).toHaveAccessibleDescription(message);
    expect(field('confirmPassword')).toHaveAccessibleDescription('');
  });

  it('shows a mismatch on the confirmation field', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderSignup();

    await fillValidForm(user);
    await user.clear(field('confirmPassword'));
    await user.type(field('confirmPassword'), 'Secret2026');
    await submit(user);

    expect(field('confirmPassword')).toHaveAccessibleDescription('كلمات المرور غير متطابقة');
    expect(field('password')).toHaveAccessibleDescription(
      '8 أحرف على الأقل، وتحتوي على حرف كبير وحرف صغير ورقم.',
    );
  });

  it('validates again on every change once the form was submitted', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderSignup();

    await submit(user);
    expect(field('name')).toHaveAccessibleDescription('اسم المؤسسة مطلوب');

    await user.type(field('name'), 'هـ');
    expect(field('name')).toHaveAccessibleDescription('');
    await user.clear(field('name'));
    expect(field('name')).toHaveAccessibleDescription('اسم المؤسسة مطلوب');

    // Each password rule is re-checked as the user types.
    await user.type(field('password'), 'abcdefgh');
    expect(field('password')).toHaveAccessibleDescription('يجب أن تحتوي على حرف كبير على الأقل');
    await user.type(field('password'), 'X');
    expect(field('password')).toHaveAccessibleDescription('يجب أن تحتوي على رقم واحد على الأقل');
    await user.type(field('password'), '1');
    expect(field('password')).not.toHaveAttribute('aria-invalid');

    // The mismatch follows both the confirmation and the password itself.
    await user.type(field('confirmPassword'), 'abcdefghX1');
    expect(field('confirmPassword')).not.toHaveAttribute('aria-invalid');
    await user.type(field('password'), '2');
    expect(field('confirmPassword')).toHaveAccessibleDescription('كلمات المرور غير متطابقة');
    await user.type(field('confirmPassword'), '2');
    expect(field('confirmPassword')).not.toHaveAttribute('aria-invalid');
  });

  it('sends the entity, reads "جاري التسجيل..." while waiting, then shows the success panel', async () => {
    let answer: (response: Response) => void = () => {};
    const { callsTo } = mockApi({
      [SIGNUP]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const user = userEvent.setup();
    renderSignup();

    await fillValidForm(user);
    await submit(user);

    const button = await screen.findByRole('button', { name: 'جاري التسجيل...' });
    expect(button).toBeDisabled();
    expect(callsTo(SIGNUP)).toHaveLength(1);
    expect(JSON.parse(String(callsTo(SIGNUP)[0]![1]!.body))).toEqual({
      name: 'هيئة الصحة الرقمية',
      type: 'government',
      email: 'info@health.example.sa',
      phone: '0112345678',
      contactPerson: 'نورة القحطاني',
      adminDetails: {
        firstName: 'نورة',
        lastName: 'القحطاني',
        email: 'admin@health.example.sa',
        phoneNumber: '',
        password: 'Secret2025',
        confirmPassword: 'Secret2025',
      },
    });
    // A second press while waiting sends nothing more.
    await user.click(button);
    expect(callsTo(SIGNUP)).toHaveLength(1);

    answer(json(201, createdOrganization));

    const panel = await screen.findByRole('status');
    // The glossary's word (الجهة), and what comes next: sign-in works at once.
    expect(panel).toHaveTextContent('تم إنشاء حساب الجهة بنجاح!');
    expect(panel).toHaveTextContent(
      'الحساب يعمل فوراً: سجّل الدخول الآن ببريد المسؤول وكلمة المرور.',
    );
    expect(panel).not.toHaveTextContent('سيتم التواصل');
    expect(
      within(panel).getByRole('heading', { name: 'تم إنشاء حساب الجهة بنجاح!' }),
    ).toHaveFocus();
    expect(screen.queryByLabelText(LABELS.name)).not.toBeInTheDocument();

    // The form was reset: registering another organisation starts from empty fields.
    await user.click(within(panel).getByRole('button', { name: 'تسجيل جهة أخرى' }));
    expect(field('name')).toHaveValue('');
    expect(field('adminEmail')).toHaveValue('');
    expect(field('type')).toHaveValue('private');
  });

  it('takes the new admin to the login tab with the email filled in', async () => {
    mockApi({ [SIGNUP]: () => json(201, createdOrganization) });
    const user = userEvent.setup();
    const { router } = renderOrgAuth(['/', '/org-auth?tab=signup&redirect=/documentation']);

    await fillValidForm(user);
    await submit(user);
    await user.click(await screen.findByRole('button', { name: 'الانتقال إلى تسجيل الدخول' }));

    expect(screen.getByRole('tab', { name: 'تسجيل الدخول' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(router.state.location.search).toBe('?tab=login&redirect=%2Fdocumentation');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByLabelText('البريد الإلكتروني للجهة')).toHaveValue('admin@health.example.sa');
    expect(screen.getByLabelText('كلمة المرور')).toHaveFocus();
  });

  it('shows the text of the duplicate problem code above the button, and clears it on the next attempt', async () => {
    let isDuplicate = true;
    mockApi({
      [SIGNUP]: () =>
        isDuplicate
          ? problem(409, 'organization_exists', {
              detail: 'An organisation with this email already exists',
            })
          : new Promise<Response>(() => {}),
    });
    const user = userEvent.setup();
    renderSignup();

    await fillValidForm(user);
    await submit(user);

    const message = await screen.findByText('توجد جهة مسجلة بهذا البريد الإلكتروني');
    expect(message).toHaveAttribute('role', 'alert');
    expect(
      message.compareDocumentPosition(screen.getByRole('button', { name: SUBMIT })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.queryByText(/already exists/)).not.toBeInTheDocument();
    // The user's input stays, to be corrected.
    expect(field('email')).toHaveValue('info@health.example.sa');

    isDuplicate = false;
    await submit(user);
    expect(await screen.findByRole('button', { name: 'جاري التسجيل...' })).toBeDisabled();
    expect(screen.queryByText('توجد جهة مسجلة بهذا البريد الإلكتروني')).not.toBeInTheDocument();
  });

  it('clears the server message even when the next attempt stops at validation', async () => {
    mockApi({
      [SIGNUP]: () => problem(429, 'too_many_requests'),
    });
    const user = userEvent.setup();
    renderSignup();

    await fillValidForm(user);
    await submit(user);
    expect(await screen.findByText(problems.too_many_requests.ar)).toBeInTheDocument();

    await user.clear(field('name'));
    await submit(user);
    expect(field('name')).toHaveAccessibleDescription('اسم المؤسسة مطلوب');
    expect(screen.queryByText(problems.too_many_requests.ar)).not.toBeInTheDocument();
  });

  it('puts the server field errors of a 400 under their fields', async () => {
    mockApi({
      [SIGNUP]: () =>
        problem(400, 'validation_failed', {
          detail: 'The request has invalid fields',
          errors: [
            { path: 'adminDetails.email', code: 'emailInvalid', message: 'Invalid email address' },
            { path: 'contactPerson', code: 'tooLong', message: 'The text is too long' },
          ],
        }),
    });
    const user = userEvent.setup();
    renderSignup();

    await fillValidForm(user);
    await submit(user);

    await vi.waitFor(() =>
      expect(field('adminEmail')).toHaveAccessibleDescription('البريد الإلكتروني غير صالح'),
    );
    expect(field('contactPerson')).toHaveAccessibleDescription('النص أطول من المسموح');
    expect(field('adminEmail')).toHaveFocus();

    // Like any other error, a server one goes once the field changes and passes the schema.
    await user.type(field('contactPerson'), '.');
    expect(field('contactPerson')).toHaveAccessibleDescription('');
  });

  it.each([
    [
      'a failure with a code it does not know',
      () => problem(400, 'unknown_refusal', { detail: 'Bad' }),
      'حدث خطأ أثناء التسجيل',
    ],
    [
      'a server error',
      () => problem(500, 'internal_error', { detail: 'boom' }),
      problems.internal_error.ar,
    ],
    [
      'no answer at all',
      () => Promise.reject(new TypeError('Failed to fetch')),
      messageText('networkUnavailable'),
    ],
  ])('explains %s in Arabic', async (_case, respond, message) => {
    mockApi({ [SIGNUP]: respond });
    const user = userEvent.setup();
    renderSignup();

    await fillValidForm(user);
    await submit(user);

    expect(await screen.findByText(message)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: SUBMIT })).toBeEnabled();
  });
});
