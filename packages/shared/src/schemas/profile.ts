import { z } from 'zod';
import { passwordSchema } from './auth.ts';
import { timestampSchema } from './common.ts';
import {
  firstNameSchema,
  individualEmailSchema,
  lastNameSchema,
  PROFILE_LANGUAGES,
  personLanguageSchema,
  saudiPhoneSchema,
  sixDigitCodeSchema,
  twoFactorCodeSchema,
} from './individuals.ts';
import { text } from './text.ts';

export const notificationSettingsSchema = z.object({
  email: z.boolean(),
  sms: z.boolean(),
  app: z.boolean(),
});

/** `PUT /profile/language`: the header's language switch, while a person is signed in. */
export const profileLanguageSchema = z.object({ language: personLanguageSchema });
export type ProfileLanguageInput = z.input<typeof profileLanguageSchema>;

/** Profile settings of spec section 3 with the messages of section 5; the national id is not here. */
export const profileUpdateSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: individualEmailSchema,
  phoneNumber: saudiPhoneSchema,
  language: personLanguageSchema,
  notifications: notificationSettingsSchema,
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** The contact fields whose change waits for a code sent to the new address. */
export const CONTACT_CHANNELS = ['email', 'phone'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/** A new email or phone waiting for its code; the profile keeps the old one until then. */
const pendingContactChangeSchema = z
  .object({
    address: z.string().meta({ description: 'The new email or phone the code was sent to' }),
    expiresAt: timestampSchema,
  })
  .nullable();

/** What `GET/PATCH /profile` answer. */
export const profileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  /** The last digits only, e.g. `******5678`; null for an account without a national id. */
  nationalIdMasked: z.string().nullable(),
  language: z.enum(PROFILE_LANGUAGES),
  notifications: notificationSettingsSchema,
  twoFactorEnabled: z.boolean(),
  confirmed: z.boolean(),
  pendingContact: z
    .object({ email: pendingContactChangeSchema, phone: pendingContactChangeSchema })
    .meta({
      description:
        'A changed email or phone applies only after POST /profile/contact/confirm with the code sent to it',
    }),
});
export type Profile = z.infer<typeof profileSchema>;

/** `POST /profile/contact/confirm`: the code sent to the new email or phone. */
export const confirmContactSchema = z.object({
  channel: z.enum(CONTACT_CHANNELS, 'contactChannelInvalid'),
  code: sixDigitCodeSchema,
});
export type ConfirmContactInput = z.input<typeof confirmContactSchema>;

const passwordsMatch = {
  message: 'passwordsMismatch',
  path: ['confirmPassword'],
  when: (payload: z.core.ParsePayload) =>
    typeof (payload.value as { newPassword?: unknown })?.newPassword === 'string' &&
    typeof (payload.value as { confirmPassword?: unknown })?.confirmPassword === 'string',
};

/** `POST /profile/password`. */
export const changePasswordSchema = z
  .object({
    currentPassword: text('currentPasswordRequired')
      .min(1, 'currentPasswordRequired')
      .max(128, 'tooLong'),
    newPassword: passwordSchema,
    confirmPassword: text('passwordsMismatch').max(128, 'tooLong'),
  })
  .refine((value) => value.newPassword === value.confirmPassword, passwordsMatch);
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** `POST /profile/2fa/enable`: the first code of the authenticator app. */
export const enableTwoFactorSchema = z.object({ code: sixDigitCodeSchema });

/** `POST /profile/2fa/disable`: the password and a current code (or a recovery code). */
export type EnableTwoFactorInput = z.input<typeof enableTwoFactorSchema>;

export const disableTwoFactorSchema = z.object({
  password: text('passwordRequired').min(1, 'passwordRequired').max(128, 'tooLong'),
  code: twoFactorCodeSchema,
});

/** 200 of `POST /profile/2fa/setup`: the secret to add to an authenticator app, shown once. */
export type DisableTwoFactorInput = z.input<typeof disableTwoFactorSchema>;

export const twoFactorSetupSchema = z.object({
  secret: z.string().meta({ description: 'Base32 TOTP secret' }),
  otpauth_url: z.string(),
  qr_svg: z.string().meta({ description: 'The otpauth URL as a QR code, SVG markup' }),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** 200 of `POST /profile/2fa/enable`: the recovery codes, shown once. */
export const twoFactorEnabledSchema = z.object({
  success: z.literal(true),
  recovery_codes: z.array(z.string()),
});
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabledSchema>;
