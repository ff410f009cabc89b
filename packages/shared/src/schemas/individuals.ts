import { z } from 'zod';
import type { ValidationMessageKey } from '../messages.ts';
import { isValidSaudiNationalId, toAsciiDigits } from '../national-id.ts';
import { passwordSchema } from './auth.ts';
import { signedInSchema, userSchema } from './session.ts';
import { text } from './text.ts';

export const VERIFICATION_METHODS = ['sms', 'email'] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

/** Seconds a confirmation code lives, and between two sends. */
export const VERIFICATION_CODE_TTL_SECONDS = 600;
export const VERIFICATION_RESEND_AFTER_SECONDS = 60;

const digits = (value: string) => toAsciiDigits(value).replace(/[\s-]/g, '');

export const individualEmailSchema = text('emailRequired')
  .trim()
  .min(1, 'emailRequired')
  .max(254, 'tooLong')
  .email('emailInvalid');

/** 05 followed by 8 digits (spec section 5); spaces and Arabic-Indic digits are accepted. */
export const saudiPhoneSchema = text('phoneFormat')
  .max(40, 'phoneFormat')
  .transform(digits)
  .pipe(text().regex(/^05\d{8}$/, 'phoneFormat'));

export const nationalIdSchema = text('nationalIdRequired')
  .max(40, 'nationalIdInvalid')
  .transform(digits)
  .pipe(
    text()
      .min(1, 'nationalIdRequired')
      .refine((value) => isValidSaudiNationalId(value), 'nationalIdInvalid'),
  );

export const firstNameSchema = text('firstNameMin2')
  .trim()
  .min(2, 'firstNameMin2')
  .max(100, 'tooLong');
export const lastNameSchema = text('lastNameMin2')
  .trim()
  .min(2, 'lastNameMin2')
  .max(100, 'tooLong');

const verificationMethodSchema = z.enum(VERIFICATION_METHODS, 'verificationMethodInvalid');

export const PROFILE_LANGUAGES = ['ar', 'en'] as const;
export type ProfileLanguage = (typeof PROFILE_LANGUAGES)[number];

/** The person's language: of the interface (the header switch saves it too) and of their messages. */
export const personLanguageSchema = z.enum(PROFILE_LANGUAGES, 'languageInvalid');

/** The registration form's fields (what the web form holds). */
export const individualRegistrationFieldsSchema = z
  .object({
    nationalId: nationalIdSchema,
    phoneNumber: saudiPhoneSchema,
    email: individualEmailSchema,
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    password: passwordSchema,
    confirmPassword: text('passwordsMismatch').max(128, 'tooLong'),
    method: verificationMethodSchema.default('sms'),
    language: personLanguageSchema.default('ar').meta({
      description:
        'The language the person chose on the site before registering: their profile’s from the start',
    }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'passwordsMismatch',
    path: ['confirmPassword'],
    when: (payload) =>
      typeof (payload.value as { password?: unknown })?.password === 'string' &&
      typeof (payload.value as { confirmPassword?: unknown })?.confirmPassword === 'string',
  });

/**
 * `POST /auth/register[/individual]`: the spec's field names and their aliases
 * (national_id, phone_number, phone) are all accepted.
 */
export const individualRegistrationSchema = z.preprocess((value) => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const body = value as Record<string, unknown>;
  return {
    ...body,
    nationalId: body.nationalId ?? body.national_id,
    phoneNumber: body.phoneNumber ?? body.phone_number ?? body.phone,
  };
}, individualRegistrationFieldsSchema);
export type IndividualRegistrationInput = z.input<typeof individualRegistrationFieldsSchema>;
export type IndividualRegistration = z.output<typeof individualRegistrationFieldsSchema>;

/**
 * A 6-digit code a person types (a confirmation code sent by SMS or email, an authenticator app's
 * code): Arabic-Indic and Persian digits count as digits, spaces and dashes are dropped, and the
 * parsed value is the 6 ASCII digits. `message` is said for anything else.
 */
export const sixDigitCode = (message: ValidationMessageKey) =>
  text(message)
    .max(40, message)
    .transform(digits)
    .pipe(text().regex(/^\d{6}$/, message));

/** A 6-digit code sent by SMS or email (or shown by an authenticator app). */
export const sixDigitCodeSchema = sixDigitCode('verificationCodeFormat');

/** `POST /auth/verify/individual`. */
export const verifyIndividualSchema = z.object({
  method: verificationMethodSchema.default('sms'),
  code: sixDigitCodeSchema,
});
export type VerifyIndividualInput = z.input<typeof verifyIndividualSchema>;

/** `POST /auth/resend-code`. */
const resendCodeFields = z.object({ method: verificationMethodSchema.default('sms') });
export const resendCodeSchema = z.preprocess(
  // The body may be left out: the code goes by SMS.
  (body) => body ?? {},
  resendCodeFields,
);
export type ResendCodeInput = z.input<typeof resendCodeFields>;

/** `POST /auth/login` with the personal form's remember-me box. */
export const loginRequestSchema = z.object({
  email: individualEmailSchema,
  password: text('passwordRequired').min(1, 'passwordRequired').max(128, 'tooLong'),
  remember: z.boolean().optional(),
});
export type LoginRequestInput = z.input<typeof loginRequestSchema>;

/**
 * A two-step code: the 6 digits of the authenticator app, or a recovery code `abcde-fghij`;
 * Arabic-Indic and Persian digits count as digits.
 */
export const twoFactorCodeSchema = text('twoFactorCodeRequired')
  .trim()
  .min(1, 'twoFactorCodeRequired')
  .max(40, 'tooLong')
  .transform(toAsciiDigits);

/** The web form's code field: exactly 6 digits (spec section 5). */
export const twoFactorFormCodeSchema = sixDigitCode('twoFactorCodeLength');

/** `POST /auth/verify-2fa`. */
export const verifyTwoFactorSchema = z.object({
  token: text('twoFactorTokenRequired').min(1, 'twoFactorTokenRequired').max(200, 'tooLong'),
  code: twoFactorCodeSchema,
});
export type VerifyTwoFactorInput = z.input<typeof verifyTwoFactorSchema>;

/** `POST /auth/forgot-password`. */
export const forgotPasswordSchema = z.object({ email: individualEmailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** `POST /auth/reset-password`. */
const resetTokenSchema = text('resetTokenRequired')
  .min(1, 'resetTokenRequired')
  .max(200, 'tooLong');

/** `POST /auth/reset-password/check`: the token of a reset link, checked when the page opens. */
export const resetTokenCheckSchema = z.object({ token: resetTokenSchema });
export type ResetTokenCheckInput = z.input<typeof resetTokenCheckSchema>;

/** 200 of `POST /auth/reset-password/check`: whether the link still works (nothing more). */
export const resetTokenStatusSchema = z.object({
  valid: z.boolean().meta({ description: 'false when the link is unknown, used or expired' }),
});
export type ResetTokenStatus = z.infer<typeof resetTokenStatusSchema>;

export const resetPasswordSchema = z
  .object({
    token: resetTokenSchema,
    password: passwordSchema,
    confirmPassword: text('passwordsMismatch').max(128, 'tooLong'),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'passwordsMismatch',
    path: ['confirmPassword'],
    when: (payload) =>
      typeof (payload.value as { password?: unknown })?.password === 'string' &&
      typeof (payload.value as { confirmPassword?: unknown })?.confirmPassword === 'string',
  });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** Where a confirmation code went and when another may be asked for. */
export const verificationSchema = z.object({
  method: z.enum(VERIFICATION_METHODS),
  destination_hint: z
    .string()
    .meta({ description: 'The phone or email the code went to, mostly hidden: `05******78`' }),
  expires_in: z.number().int().meta({ description: 'Seconds the code works' }),
  resend_after: z.number().int().meta({ description: 'Seconds before another code may be sent' }),
});
export type Verification = z.infer<typeof verificationSchema>;

/** 201 of POST /api/v1/auth/register[/individual]: signed in, the code step next. */
export const registeredSchema = signedInSchema.extend({
  requiresConfirmation: z.literal(true),
  verification: verificationSchema,
});
export type Registered = z.infer<typeof registeredSchema>;

/** 200 of POST /api/v1/auth/verify/individual: the account, now confirmed. */
export const individualConfirmedSchema = z.object({ success: z.literal(true), user: userSchema });
export type IndividualConfirmed = z.infer<typeof individualConfirmedSchema>;

/** 200 of POST /api/v1/auth/resend-code. */
export const codeResentSchema = z.object({
  success: z.literal(true),
  resend_after: z.number().int(),
  verification: verificationSchema,
});
export type CodeResent = z.infer<typeof codeResentSchema>;
