import type { AppContext } from '../../app-context.ts';
import { deliverNoticeMessages, queueNoticeMessages } from './notice-delivery.ts';
import { discoverNotices } from './notice-discovery.ts';

/** How often the job looks for new events: a notice goes out a few seconds after its event. */
export const PERSON_NOTICES_EVERY_MS = 2_000;

/**
 * One run of the person notices job: events committed since the last run become notices, each
 * person's untold notices a message, and due messages are sent (with their retries).
 */
export async function runPersonNotices(ctx: AppContext) {
  const notices = await discoverNotices(ctx);
  const messages = await queueNoticeMessages(ctx);
  const attempted = await deliverNoticeMessages(ctx);
  return { notices, messages, attempted };
}

/** The job runs in one process at a time across all of them (lib/jobs.ts). */
export function registerPersonNotices(ctx: AppContext) {
  ctx.jobs.register({
    name: 'person notices',
    everyMs: PERSON_NOTICES_EVERY_MS,
    run: () => runPersonNotices(ctx),
  });
}
