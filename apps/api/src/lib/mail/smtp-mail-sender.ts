import type { Transporter } from 'nodemailer';
import type { MailMessage, MailSender } from './mail-sender.ts';

/**
 * Mail through the SMTP server of `SMTP_URL` (nodemailer URL, e.g. smtps://user:pass@host:465).
 * nodemailer is loaded with the first message, not at start (about 0.16 s of CPU: docs/capacity.md).
 */
export class SmtpMailSender implements MailSender {
  private readonly smtpUrl: string;

  private readonly from: string;

  private transport: Promise<Transporter> | undefined;

  constructor(smtpUrl: string, from: string) {
    this.smtpUrl = smtpUrl;
    this.from = from;
  }

  private connection(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(this.smtpUrl),
    );
    return this.transport;
  }

  async send(message: MailMessage) {
    const transport = await this.connection();
    await transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  }

  async close() {
    (await this.transport)?.close();
  }
}
