/** One message for a person's mailbox. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends mail. SMTP when `SMTP_URL` is set, else the local outbox (`DATA_DIR/outbox.jsonl`), so a
 * local run loses nothing and tests read what was "sent". A failure throws: callers retry.
 */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
