import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../clock.ts';
import type { MailMessage, MailSender } from './mail-sender.ts';

/** One line of the local outbox (ARCHITECTURE.md section 3); SMS will use the same file. */
export interface OutboxEntry {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
  created_at: string;
}

export function outboxPath(dataDir: string) {
  return path.join(dataDir, 'outbox.jsonl');
}

/** Appends messages as JSON lines; one append per message, so lines never interleave. */
export class Outbox {
  readonly file: string;
  private readonly clock: Clock;

  constructor(file: string, clock: Clock) {
    this.file = file;
    this.clock = clock;
  }

  async append(entry: Omit<OutboxEntry, 'created_at'>) {
    const line: OutboxEntry = { ...entry, created_at: this.clock.now().toISOString() };
    await appendFile(this.file, `${JSON.stringify(line)}\n`, { mode: 0o600 });
  }
}

export class OutboxMailSender implements MailSender {
  private readonly outbox: Outbox;

  constructor(outbox: Outbox) {
    this.outbox = outbox;
  }

  async send(message: MailMessage) {
    await this.outbox.append({
      channel: 'email',
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  }

  async close() {}
}
