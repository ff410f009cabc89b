import pino from 'pino';
import type { Config } from '../../config.ts';
import type { Clock } from '../clock.ts';
import { Outbox, outboxPath } from '../mail/outbox.ts';
import { OutboxSmsSender } from './outbox-sms-sender.ts';
import type { SmsSender } from './sms-sender.ts';
import { type SmsLog, TwilioSmsSender } from './twilio-sms-sender.ts';

export { OutboxSmsSender } from './outbox-sms-sender.ts';
export type { SmsMessage, SmsSender } from './sms-sender.ts';
export {
  SmsGatewayError,
  type SmsLog,
  type TwilioSettings,
  TwilioSmsSender,
  toE164,
} from './twilio-sms-sender.ts';

/**
 * Twilio's Messages API when SMS_PROVIDER=twilio (config.sms), else the local outbox. `log` is
 * where the gateway's lines go (the server's log); without one (commands), JSON lines on stderr.
 */
export function createSmsSender(
  config: Pick<Config, 'dataDir' | 'sms'>,
  clock: Clock,
  log?: SmsLog,
): SmsSender {
  if (config.sms) {
    return new TwilioSmsSender(config.sms, log ?? pino(pino.destination(2)));
  }
  return new OutboxSmsSender(new Outbox(outboxPath(config.dataDir), clock));
}
