import type { Outbox } from '../mail/outbox.ts';
import type { SmsMessage, SmsSender } from './sms-sender.ts';

/** Appends each text message to the local outbox as `{channel: 'sms', to, text}`. */
export class OutboxSmsSender implements SmsSender {
  private readonly outbox: Outbox;

  constructor(outbox: Outbox) {
    this.outbox = outbox;
  }

  async send(message: SmsMessage) {
    await this.outbox.append({ channel: 'sms', to: message.to, text: message.text });
  }

  async close() {}
}
