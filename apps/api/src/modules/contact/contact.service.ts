import { randomUUID } from 'node:crypto';
import { CONTACT_MESSAGES_PER_HOUR, type ContactMessage, messageText } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { mailOf } from '../../lib/send-message.ts';

const HOUR_MS = 60 * 60 * 1000;

/** At most CONTACT_MESSAGES_PER_HOUR messages per address and hour (a sliding window). */
async function assertNotFlooding(ctx: AppContext, ip: string, nowMs: number) {
  const { allowed, states } = await ctx.rateLimits.consume(
    [{ key: `contact:ip:${ip}`, limit: CONTACT_MESSAGES_PER_HOUR, windowMs: HOUR_MS }],
    nowMs,
  );
  if (allowed) return;
  const retryAfterSeconds = Math.max(1, Math.ceil((states[0]?.resetMs ?? HOUR_MS) / 1000));
  throw new AppError('too_many_requests', messageText('contactTooMany', 'en'), {
    detailKey: 'contactTooMany',
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

function operatorMail(message: ContactMessage, id: string) {
  return {
    subject: `[Tanqin contact] ${message.subject}`,
    text: [
      `From: ${message.name} <${message.email}>`,
      `Language: ${message.locale}`,
      `Reference: ${id}`,
      '',
      message.message,
    ].join('\n'),
  };
}

/**
 * Stores a message of the contact form and mails it to the operator (CONTACT_INBOX). The row is
 * written first, so a mail failure loses nothing: mailed_at stays null and the error is logged.
 */
export async function submitContactMessage(
  ctx: AppContext,
  message: ContactMessage,
  meta: { ip: string },
): Promise<{ id: string; mailError?: unknown }> {
  const now = ctx.clock.now();
  await assertNotFlooding(ctx, meta.ip, now.getTime());
  const id = randomUUID();
  await ctx.db.query(
    `insert into contact_messages (id, name, email, subject, message, locale, created_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [id, message.name, message.email, message.subject, message.message, message.locale, now],
  );
  try {
    await mailOf(ctx).send({ to: ctx.config.contactInbox, ...operatorMail(message, id) });
  } catch (error) {
    return { id, mailError: error };
  }
  await ctx.db.query('update contact_messages set mailed_at = $2 where id = $1', [
    id,
    ctx.clock.now(),
  ]);
  return { id };
}
