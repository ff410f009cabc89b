import { z } from 'zod';
import { successSchema, timestampSchema } from './common.ts';

/**
 * The person's notices in the app (the profile's "notify_app" switch): each issue and use of a
 * code issued for them since they last marked them read, and each one their lock refused. Field
 * names only, never a value.
 */
export const personNoticeSchema = z.object({
  id: z.string(),
  event: z.enum(['issued', 'used', 'refused_issue', 'refused_use']).meta({
    description:
      '`issued`: a body issued a code for you; `used`: a body decrypted one; ' +
      '`refused_issue`: a body asked for a code while your national id was locked and was refused; ' +
      '`refused_use`: a body tried to use a code issued for you while your national id was locked ' +
      'and was refused (the code was not used)',
  }),
  organization_name: z.string().meta({ description: 'The body that issued or used the code' }),
  fields: z.array(z.string()).meta({ description: 'Field names, never values' }),
  at: timestampSchema,
});
export type PersonNotice = z.infer<typeof personNoticeSchema>;

export const PERSON_NOTICES_SHOWN = 20;

/** GET /api/v1/me/notices: the newest unread notices; empty while notify_app is off. */
export const personNoticeListSchema = z.object({
  notices: z.array(personNoticeSchema).meta({
    description: `The newest unread notices, at most ${PERSON_NOTICES_SHOWN}`,
  }),
  unread: z.number().int().meta({ description: 'All unread notices' }),
});
export type PersonNoticeList = z.infer<typeof personNoticeListSchema>;

/** POST /api/v1/me/notices/read: every notice so far is read. */
export const personNoticesReadSchema = z.object({
  success: successSchema,
  read: z.number().int().meta({ description: 'Notices marked read by this call' }),
});
