import type { Config } from '../../config.ts';
import type { Clock } from '../clock.ts';
import { Outbox, outboxPath } from '../mail/outbox.ts';
import { OutboxSmsSender } from './outbox-sms-sender.ts';
import type { SmsSender } from './sms-sender.ts';

export { OutboxSmsSender } from './outbox-sms-sender.ts';
export type { SmsMessage, SmsSender } from './sms-sender.ts';

/**
 * The local outbox. A real SMS gateway plugs in here: an `SmsSender` that posts to the
 * provider's API, chosen when its configuration (e.g. an `SMS_GATEWAY_URL`) is set.
 */
export function createSmsSender(config: Pick<Config, 'dataDir'>, clock: Clock): SmsSender {
  return new OutboxSmsSender(new Outbox(outboxPath(config.dataDir), clock));
}
