/** One text message for a phone (Saudi mobile numbers, `05XXXXXXXX`). */
export interface SmsMessage {
  to: string;
  text: string;
}

/**
 * Sends text messages: through Twilio's Messages API when SMS_PROVIDER=twilio
 * (`TwilioSmsSender`), else to the same outbox as mail (`DATA_DIR/outbox.jsonl`, channel `sms`).
 * Chosen in `createSmsSender`. A failure throws: callers decide to retry.
 */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
  close(): Promise<void>;
}
