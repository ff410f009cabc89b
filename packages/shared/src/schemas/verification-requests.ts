import { z } from 'zod';
import { timestampSchema } from './common.ts';
import { text } from './text.ts';
import { organizationReferenceSchema } from './tokens.ts';

/*
 * Verification requests (issue 33): the audience names the fields it needs and why; the person
 * answers in an issuer's app, picking the number the audience's screen shows (number matching);
 * the issuer's generate call names the request and that number.
 */

const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

export const VERIFICATION_REQUEST_STATUSES = [
  'pending',
  'fulfilled',
  'expired',
  'cancelled',
] as const;
export type VerificationRequestStatus = (typeof VERIFICATION_REQUEST_STATUSES)[number];

/** A request's lifetime, in seconds. */
export const VERIFICATION_REQUEST_MIN_SECONDS = 60;
export const VERIFICATION_REQUEST_MAX_SECONDS = 3600;
/** Wrong numbers a request takes before it is cancelled. */
export const VERIFICATION_REQUEST_MAX_MISMATCHES = 3;
/** Placeholder of the request id in an issuer's app link. */
export const APP_LINK_PLACEHOLDER = '{request_id}';

export const VERIFICATION_REQUEST_ID_PATTERN = /^vrq_[0-9A-Za-z_-]{1,60}$/;

const EXAMPLE_REQUEST_ID = 'vrq_8HcL2pQx9RtV4wYk1ZmN6bJ';

/** POST /v1/verification-requests (and the console's POST /api/v1/verification-requests). */
export const createVerificationRequestSchema = z
  .object({
    fields: z
      .array(text().regex(FIELD_NAME, 'Field names are letters, digits, _ . - (max 64)'))
      .min(1)
      .max(20)
      .refine((fields) => new Set(fields).size === fields.length, 'Each field once')
      .meta({
        description:
          'The fields asked for, 1 to 20 different names: from the field catalogue ' +
          '(`full_name`, `national_id`, ...) or your own, as `data` names them at generate.',
        uniqueItems: true,
      }),
    purpose: text()
      .trim()
      .min(1)
      .max(200)
      .meta({ description: 'Why the data is needed, shown to the person (1-200 characters)' }),
    expires_in: z
      .number()
      .int()
      .min(VERIFICATION_REQUEST_MIN_SECONDS)
      .max(VERIFICATION_REQUEST_MAX_SECONDS)
      .default(600)
      .meta({ description: 'Lifetime of the request in seconds (60-3600, default 600)' }),
    subject: z
      .strictObject({ national_id: text().regex(/^\d{10}$/, 'national_id is 10 digits') })
      .optional()
      .meta({
        description:
          'The person expected to answer: the answering code must name the same national id ' +
          '(kept only as a keyed hash).',
      }),
  })
  .meta({
    id: 'CreateVerificationRequest',
    examples: [{ fields: ['full_name', 'national_id'], purpose: 'فتح حساب', expires_in: 600 }],
  });
export type CreateVerificationRequest = z.input<typeof createVerificationRequestSchema>;

export const verificationRequestParamsSchema = z.object({
  request_id: text()
    .min(1)
    .max(64)
    .meta({
      description: 'request_id from the creation. Over 64 characters: 400 validation_failed',
      examples: [EXAMPLE_REQUEST_ID],
    }),
});

const requestIdSchema = z
  .string()
  .regex(VERIFICATION_REQUEST_ID_PATTERN)
  .meta({ description: 'The request id', examples: [EXAMPLE_REQUEST_ID] });

const commonFields = {
  request_id: requestIdSchema,
  status: z.enum(VERIFICATION_REQUEST_STATUSES).meta({
    description:
      '`pending` until answered; `fulfilled` once a code answers it; `expired` past expires_at; ' +
      '`cancelled` by its audience or after three wrong numbers',
  }),
  fields: z.array(z.string()).meta({ description: 'The fields asked for' }),
  purpose: z.string().meta({ description: 'Why, as the audience wrote it' }),
  created_at: timestampSchema,
  expires_at: timestampSchema.meta({ description: 'When the request stops taking answers' }),
  link: z.string().meta({ description: 'The public page of the request (its QR for a counter)' }),
};

/** The audience's view: everything, the code once fulfilled (until it is used or expires). */
export const verificationRequestSchema = z
  .object({
    viewer: z.literal('audience'),
    ...commonFields,
    match_number: z
      .string()
      .regex(/^[1-9]\d$/)
      .meta({ description: 'The number to show the person (10-99); never shown to issuers' }),
    token_id: z
      .string()
      .nullable()
      .meta({ description: 'The answering code’s token_id once fulfilled, else null' }),
    token: z
      .string()
      .nullable()
      .meta({
        description:
          'The answering code once fulfilled, until it is used or expires; verify it with ' +
          'POST /v1/tokens/verify. Null otherwise.',
      }),
  })
  .meta({
    id: 'VerificationRequest',
    examples: [
      {
        viewer: 'audience',
        request_id: EXAMPLE_REQUEST_ID,
        status: 'pending',
        fields: ['full_name', 'national_id'],
        purpose: 'فتح حساب',
        created_at: '2026-01-15T09:30:00.000Z',
        expires_at: '2026-01-15T09:40:00.000Z',
        link: `https://tanqin.example/r/${EXAMPLE_REQUEST_ID}`,
        match_number: '47',
        token_id: null,
        token: null,
      },
    ],
  });
export type VerificationRequest = z.infer<typeof verificationRequestSchema>;

/** What an issuer about to answer reads: who asks and for what; no number, no code. */
export const verificationRequestForIssuerSchema = z
  .object({
    viewer: z.literal('issuer'),
    ...commonFields,
    match_choices: z
      .array(z.string().regex(/^[1-9]\d$/))
      .length(3)
      .meta({
        description:
          'Three numbers to offer the person, in order: the one the audience shows and two ' +
          'others (the same on every read). Send the one the person picks as match_number.',
      }),
    audience: organizationReferenceSchema.meta({ description: 'The organisation asking' }),
  })
  .meta({ id: 'VerificationRequestForIssuer' });
export type VerificationRequestForIssuer = z.infer<typeof verificationRequestForIssuerSchema>;

/** 200 of GET /v1/verification-requests/{request_id}. */
export const verificationRequestReadSchema = z
  .discriminatedUnion('viewer', [verificationRequestSchema, verificationRequestForIssuerSchema])
  .meta({ id: 'VerificationRequestRead' });

/** GET /api/v1/verification-requests/:request_id/public: the page /r/{id}, anyone. */
export const publicVerificationRequestSchema = z.object({
  request_id: requestIdSchema,
  status: z.enum(VERIFICATION_REQUEST_STATUSES),
  fields: z.array(z.string()),
  purpose: z.string(),
  expires_at: timestampSchema,
  audience: z.object({ name: z.string() }),
  answer_with: z
    .array(z.object({ name: z.string(), url: z.string() }))
    .meta({ description: 'Issuers that registered an app link, with the link for this request' }),
});
export type PublicVerificationRequest = z.infer<typeof publicVerificationRequestSchema>;

/** GET /api/v1/verification-requests: the console's open requests, newest first. */
export const verificationRequestListSchema = z.object({
  requests: z.array(verificationRequestSchema),
});
export type VerificationRequestList = z.infer<typeof verificationRequestListSchema>;

/** An issuer's app link: https, with `{request_id}` where the id goes. */
export const appLinkSchema = text()
  .trim()
  .max(500)
  .refine((value) => {
    if (!value.includes(APP_LINK_PLACEHOLDER)) return false;
    try {
      return new URL(value.replace(APP_LINK_PLACEHOLDER, 'x')).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'appLinkInvalid')
  .meta({
    description: 'An https link of your app that answers a request, with `{request_id}` in it',
    examples: ['https://app.example.sa/tanqin/answer?request={request_id}'],
  });

/** The body of `verification_request.fulfilled` (Standard Webhooks), sent to the audience's webhooks. */
export const verificationRequestFulfilledWebhookSchema = z.object({
  type: z.literal('verification_request.fulfilled'),
  timestamp: timestampSchema,
  data: z.object({
    request_id: requestIdSchema,
    status: z.literal('fulfilled'),
    token_id: z.string().meta({ description: 'The answering code’s token_id' }),
    fields: z.array(z.string()),
    purpose: z.string(),
    fulfilled_at: timestampSchema,
    // Written out: the webhook's document stands alone (no shared definitions to point at).
    issuer: z
      .object({ name: z.string(), client_id: z.string() })
      .meta({ description: 'The organisation that answered' }),
  }),
});
export type VerificationRequestFulfilledWebhook = z.infer<
  typeof verificationRequestFulfilledWebhookSchema
>;
