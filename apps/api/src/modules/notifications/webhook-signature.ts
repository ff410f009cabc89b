import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A Standard Webhooks signing secret: `whsec_` + base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/**
 * The Standard Webhooks headers: `webhook-signature` is `v1,` + base64 HMAC-SHA-256, under the
 * secret's decoded bytes, of `${id}.${timestamp}.${body}`.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string) {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key)
    .update(`${id}.${timestampSeconds}.${body}`)
    .digest('base64');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `v1,${signature}`,
  };
}
