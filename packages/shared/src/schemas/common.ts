import { z } from 'zod';
import { KEY_MODES } from '../constants.ts';
import type { FieldError, ProblemCode, ProblemDetails } from '../problem.ts';

/*
 * Building blocks of the response schemas. A response schema describes the JSON on the wire:
 * the server parses what a handler returns through it (keys it does not name are dropped) and
 * the clients read their types from it with z.infer. See docs/contracts.md.
 */

/**
 * An instant, sent as an ISO 8601 date-time text. The server may hand over a Date (what the
 * database drivers return); it leaves as text.
 */
export const timestampSchema = z.preprocess(
  (value) => (value instanceof Date ? value.toISOString() : value),
  z.iso.datetime({ offset: true }),
);

/** An instant that may be missing (null): used_at, revoked_at, last_used_at. */
export const nullableTimestampSchema = timestampSchema.nullable();

/**
 * Which data a console read shows: live (the default) or test, never both (the console's test
 * data switch). Test data is what test keys did: their codes, calls and events; the wallet is
 * live only, test calls are never billed.
 */
export const consoleModeSchema = z
  .enum(KEY_MODES, 'modeInvalid')
  .default('live')
  .meta({ description: '`live` (default) or `test`: the data of live keys or of test keys' });
export const consoleModeQuerySchema = z.object({ mode: consoleModeSchema });
export type ConsoleModeQuery = z.input<typeof consoleModeQuerySchema>;

/** `success: true`, which most dashboard answers carry. */
export const successSchema = z.literal(true);

/** `{ success: true }`, the whole answer of a call that only acts. */
export const successOnlySchema = z.object({ success: successSchema });
export type SuccessOnly = z.infer<typeof successOnlySchema>;

export const fieldErrorSchema = z
  .object({
    path: z.string().meta({ description: 'Dotted path of the field; empty for the whole body' }),
    code: z.string().meta({
      description: 'Validation message key (the web app shows its text), or `invalidValue`',
    }),
    message: z.string().meta({ description: 'English text of the message' }),
  })
  .meta({ id: 'FieldError' }) satisfies z.ZodType<FieldError>;

/** RFC 9457 problem details with a stable `code`: every error answer but /v1/oauth/token's. */
export const problemSchema = z
  .object({
    type: z.string().meta({ description: '`https://tanqin.sa/problems/` and the code, dashed' }),
    title: z.string().meta({ description: 'The HTTP reason phrase' }),
    status: z.number().int().meta({ description: 'The HTTP status' }),
    detail: z.string().meta({ description: 'What went wrong, in English' }),
    code: z.string().meta({ description: 'Stable error code' }),
    errors: z
      .array(fieldErrorSchema)
      .optional()
      .meta({ description: 'validation_failed: every invalid field' }),
    detail_ar: z
      .string()
      .optional()
      .meta({ description: 'Arabic text the web app may show as is' }),
  })
  .meta({ id: 'Problem' }) satisfies z.ZodType<ProblemDetails>;

/** The problem answer of one status, its `code` narrowed to the codes an operation sends. */
export function problemSchemaOf(status: number, codes: readonly ProblemCode[]) {
  return problemSchema.extend({
    status: z.literal(status),
    code: z.enum(codes as [ProblemCode, ...ProblemCode[]]),
  });
}
