import { z } from 'zod';
import { ORGANIZATION_TYPES } from '../constants.ts';
import { text } from './text.ts';

const email = text('emailInvalid').trim().max(254, 'tooLong').email('emailInvalid');
const optionalPhone = text().trim().max(32, 'tooLong').optional();

/** The email and optional phone fields of the sign-up forms, for other forms of the same people. */
export { email as emailSchema, optionalPhone as optionalPhoneSchema };

/** Password rules of spec section 5; each failure carries its own message. */
export const passwordSchema = text('passwordMin')
  .max(128, 'tooLong')
  .min(8, 'passwordMin')
  .regex(/[A-Z]/, 'passwordUppercase')
  .regex(/[a-z]/, 'passwordLowercase')
  .regex(/[0-9]/, 'passwordDigit');

/** A person's own fields of an organisation account: sign-up's admin and an invited member. */
export const personFields = {
  firstName: text('firstNameRequired').trim().min(1, 'firstNameRequired').max(100, 'tooLong'),
  lastName: text('lastNameRequired').trim().min(1, 'lastNameRequired').max(100, 'tooLong'),
  phoneNumber: optionalPhone,
  password: passwordSchema,
  confirmPassword: text('passwordsMismatch').max(128, 'tooLong'),
};

/** confirmPassword must repeat password; `.refine(...passwordsMatch)` on any schema with both. */
export const passwordsMatch: [
  (value: { password: string; confirmPassword: string }) => boolean,
  { message: string; path: string[]; when: (payload: z.core.ParsePayload) => boolean },
] = [
  (value) => value.password === value.confirmPassword,
  {
    message: 'passwordsMismatch',
    path: ['confirmPassword'],
    // Show the mismatch together with the other field errors, not only once they are fixed.
    when: (payload) =>
      typeof (payload.value as { password?: unknown })?.password === 'string' &&
      typeof (payload.value as { confirmPassword?: unknown })?.confirmPassword === 'string',
  },
];

export const adminDetailsSchema = z
  .object({
    firstName: personFields.firstName,
    lastName: personFields.lastName,
    email,
    phoneNumber: personFields.phoneNumber,
    password: personFields.password,
    confirmPassword: personFields.confirmPassword,
  })
  .refine(...passwordsMatch);

/** The organisation sign-up entity of spec section 3, exactly as the form sends it. */
export const orgSignupSchema = z.object({
  name: text('orgNameRequired').trim().min(1, 'orgNameRequired').max(200, 'tooLong'),
  type: z.enum(ORGANIZATION_TYPES, 'orgTypeRequired'),
  email,
  phone: optionalPhone,
  contactPerson: text('contactPersonRequired')
    .trim()
    .min(1, 'contactPersonRequired')
    .max(200, 'tooLong'),
  verificationDocumentUrl: text().url().max(2000).optional(),
  adminDetails: adminDetailsSchema,
});
export type OrgSignupInput = z.input<typeof orgSignupSchema>;
export type OrgSignup = z.output<typeof orgSignupSchema>;

export const loginSchema = z.object({
  email: text('emailRequired')
    .trim()
    .min(1, 'emailRequired')
    .max(254, 'tooLong')
    .email('emailInvalid'),
  password: text('passwordRequired').min(1, 'passwordRequired').max(128, 'tooLong'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Which account's refresh cookie `/auth/refresh` and `/auth/logout` use (one per kind). */
export const sessionKindQuerySchema = z.object({
  kind: z.enum(['organization', 'individual']).default('organization'),
});
