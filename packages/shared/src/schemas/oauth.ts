import { z } from 'zod';
import { text } from './text.ts';

/**
 * POST /v1/oauth/token (RFC 6749 section 4.4), as a form or JSON body. Every field is optional
 * here: which one is missing decides the RFC 6749 error the endpoint answers.
 */
export const oauthTokenRequestSchema = z.object({
  grant_type: text().max(100).optional(),
  client_id: text().max(200).optional(),
  client_secret: text().max(200).optional(),
  scope: text().max(1000).optional(),
});
export type OauthTokenRequest = z.input<typeof oauthTokenRequestSchema>;
