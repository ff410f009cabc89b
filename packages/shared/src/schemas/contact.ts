import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { text } from './text.ts';

/** Shortest and longest message the contact form accepts (characters, after trimming). */
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;
/** Messages one address may send per hour before the form is refused (429). */
export const CONTACT_MESSAGES_PER_HOUR = 5;

/** POST /api/v1/contact: the public contact form (footer page /contact). */
export const contactMessageSchema = z.object({
  name: text('contactNameRequired').trim().min(1, 'contactNameRequired').max(100, 'tooLong'),
  email: text('emailRequired').trim().min(1, 'emailRequired').pipe(emailSchema),
  subject: text('contactSubjectRequired')
    .trim()
    .min(1, 'contactSubjectRequired')
    .max(150, 'tooLong'),
  message: text('contactMessageMin')
    .trim()
    .min(CONTACT_MESSAGE_MIN, 'contactMessageMin')
    .max(CONTACT_MESSAGE_MAX, 'contactMessageTooLong'),
  /** The page's language, so the operator answers in it. */
  locale: z.enum(['ar', 'en'], 'languageInvalid').default('ar'),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

/** 201 of POST /api/v1/contact. */
export const contactMessageAcceptedSchema = z.object({ success: z.literal(true), id: z.uuid() });
export type ContactMessageAccepted = z.infer<typeof contactMessageAcceptedSchema>;
