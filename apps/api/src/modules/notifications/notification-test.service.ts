import { randomUUID } from 'node:crypto';
import type { NotificationTestResult } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { takeOrganizationDestinationSlot } from '../../lib/destination-limit.ts';
import { sendMail } from '../../lib/send-message.ts';
import { recordRefusedDestination } from '../security/index.ts';
import { testNotificationEmail, testWebhookPayload } from './notification-content.ts';
import { DeliveryFailure, postWebhook } from './notification-delivery.service.ts';

/** Tests one channel may send per minute: enough to fix a receiver, too few to flood one. */
export const TESTS_PER_MINUTE = 5;

/**
 * Sends a test message on one of the organisation's notification channels now, and tells how it
 * went: the email handed to the mail server, or the webhook's answer. A channel switched off can
 * be tested too (before switching it on). Nothing is recorded as an event or a delivery.
 */
export async function sendTestNotification(
  ctx: AppContext,
  organizationId: string,
  preferenceId: string,
): Promise<NotificationTestResult['delivery']> {
  const [preference] = await ctx.db.query<{
    preference_id: string;
    notification_type: 'email' | 'webhook';
    destination: string;
    secret_encrypted: string | null;
    confirmed_at: Date | null;
    organization_name: string;
  }>(
    `select p.id as preference_id, p.notification_type, p.destination, p.secret_encrypted,
            p.confirmed_at, o.name as organization_name
       from notification_preferences p join organizations o on o.id = p.organization_id
      where p.id = $1 and p.organization_id = $2`,
    [preferenceId, organizationId],
  );
  if (!preference) throw notFound('Notification preference');
  // Nothing goes to an address its owner has not confirmed (issue 32.4), a test neither.
  if (!preference.confirmed_at) throw new AppError('destination_unconfirmed');
  const now = ctx.clock.now();
  const limit = await ctx.rateLimits.consume(
    [{ key: `notification-test:${preferenceId}`, limit: TESTS_PER_MINUTE, windowMs: 60_000 }],
    now.getTime(),
  );
  if (!limit.allowed) {
    const retryAfter = Math.max(1, Math.ceil((limit.states[0]?.resetMs ?? 60_000) / 1000));
    throw new AppError('too_many_requests', 'Too many tests of this channel; try again shortly', {
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
  // Outside the try: a refused mailbox answers 429, it is not a failed delivery.
  const slot =
    preference.notification_type === 'email'
      ? await takeOrganizationDestinationSlot(ctx, 'email', preference.destination, () =>
          recordRefusedDestination(ctx, organizationId, 'email', preference.destination),
        )
      : null;
  const test = {
    id: randomUUID(),
    organization_id: organizationId,
    organization_name: preference.organization_name,
    sent_at: now,
  };
  try {
    if (slot) {
      await sendMail(ctx, testNotificationEmail(preference.destination, test), slot);
      return { status: 'delivered', response_status: null, error: null };
    }
    const status = await postWebhook(
      ctx,
      preference,
      `msg_test_${test.id}`,
      testWebhookPayload(test),
    );
    return { status: 'delivered', response_status: status, error: null };
  } catch (error) {
    return {
      status: 'failed',
      response_status: error instanceof DeliveryFailure ? error.responseStatus : null,
      error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
    };
  }
}
