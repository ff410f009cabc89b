import { z } from 'zod';
import { nullableTimestampSchema, successSchema, timestampSchema } from './common.ts';

/** One signed-in session of the caller (GET /api/v1/auth/sessions). */
export const signedInSessionSchema = z.object({
  id: z.uuid(),
  current: z.boolean().meta({ description: 'The session this request was made with' }),
  device: z.object({
    browser: z.string().nullable(),
    os: z.string().nullable(),
    kind: z.enum(['mobile', 'tablet', 'desktop', 'unknown']),
  }),
  user_agent: z.string().nullable(),
  ip: z.string().nullable().meta({ description: 'The address the session signed in from' }),
  country: z
    .string()
    .nullable()
    .meta({ description: 'ISO 3166 alpha-2 of that address; null for private or unknown ones' }),
  created_at: timestampSchema,
  last_seen_at: nullableTimestampSchema.meta({
    description: 'Last use, to the minute (written at most once a minute)',
  }),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;

export const signedInSessionListSchema = z.object({ sessions: z.array(signedInSessionSchema) });
export type SignedInSessionList = z.infer<typeof signedInSessionListSchema>;

export const sessionPathSchema = z.object({
  id: z.string().meta({ description: 'A session id; anything not one of yours answers 404' }),
});

/** 200 of POST /api/v1/auth/sessions/end-others. */
export const endedSessionsSchema = z.object({
  success: successSchema,
  ended: z.number().int().meta({ description: 'How many other sessions were ended' }),
});
export type EndedSessions = z.infer<typeof endedSessionsSchema>;
