/** One text message for a phone (Saudi mobile numbers, `05XXXXXXXX`). */
export interface SmsMessage {
  to: string;
  text: string;
}

/**
 * Sends text messages. Locally (and until a gateway is configured) the messages go to the same
 * outbox as mail (`DATA_DIR/outbox.jsonl`, channel `sms`). A real gateway implements this
 * interface and is chosen in `createSmsSender`. A failure throws: callers decide to retry.
 */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
  close(): Promise<void>;
}
