import type { Config } from '../../config.ts';
import type { Clock } from '../clock.ts';
import type { MailSender } from './mail-sender.ts';
import { Outbox, OutboxMailSender, outboxPath } from './outbox.ts';
import { SmtpMailSender } from './smtp-mail-sender.ts';

export type { MailMessage, MailSender } from './mail-sender.ts';
export { Outbox, type OutboxEntry, OutboxMailSender, outboxPath } from './outbox.ts';
export { SmtpMailSender } from './smtp-mail-sender.ts';

/** SMTP when configured, else the local outbox in the data folder. */
export function createMailSender(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  clock: Clock,
): MailSender {
  return config.smtpUrl
    ? new SmtpMailSender(config.smtpUrl, config.mailFrom)
    : new OutboxMailSender(new Outbox(outboxPath(config.dataDir), clock));
}
