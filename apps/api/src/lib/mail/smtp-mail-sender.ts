import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, MailSender } from './mail-sender.ts';

/** Mail through the SMTP server of `SMTP_URL` (nodemailer URL, e.g. smtps://user:pass@host:465). */
export class SmtpMailSender implements MailSender {
  private readonly transport: Transporter;

  private readonly from: string;

  constructor(smtpUrl: string, from: string) {
    this.from = from;
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage) {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  }

  async close() {
    this.transport.close();
  }
}
