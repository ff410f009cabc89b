import type { Config } from '../config.ts';
import type { Clock } from './clock.ts';
import type { DestinationSlot } from './destination-limit.ts';
import { createMailSender, type MailMessage, type MailSender } from './mail/index.ts';
import { createSmsSender, type SmsSender } from './sms/index.ts';

/** What sending needs of the app context; a sender it lacks is made on first use. */
interface Senders {
  config: Config;
  clock: Clock;
  mail?: MailSender;
  sms?: SmsSender;
}

export function mailOf(ctx: Senders): MailSender {
  ctx.mail ??= createMailSender(ctx.config, ctx.clock);
  return ctx.mail;
}

/** A message in its two forms: the mail (subject and text) and the shorter SMS. */
export interface Message {
  subject: string;
  text: string;
  sms: string;
}

/**
 * The stand-in email of an account whose registration named an address another account has
 * (0122_claimed_email.sql): `.invalid` is reserved (RFC 2606), so it can never be anyone's
 * mailbox, and nothing is ever sent to it.
 */
export const UNCLAIMED_EMAIL_DOMAIN = 'unclaimed.invalid';
export const isUnclaimedEmail = (address: string) =>
  address.toLowerCase().endsWith(`@${UNCLAIMED_EMAIL_DOMAIN}`);

/**
 * Sends `message` to `to`: its SMS form to a phone, its mail form to an email address. Every
 * message to a person passes here with its `slot` (lib/destination-limit.ts): the destination's
 * limit was taken, or it is the account's own address (security notices).
 */
export async function sendMessage(
  ctx: Senders,
  channel: 'email' | 'sms',
  to: string,
  message: Message,
  _slot: DestinationSlot,
) {
  if (channel === 'sms') {
    ctx.sms ??= createSmsSender(ctx.config, ctx.clock);
    await ctx.sms.send({ to, text: message.sms });
  } else if (!isUnclaimedEmail(to)) {
    await mailOf(ctx).send({ to, subject: message.subject, text: message.text });
  }
}

/**
 * How long a person's request waits for the message carrying their code to leave. A provider
 * that stops answering would hold the answer for its every attempt (3 of 10 s with Twilio);
 * past this the request answers and the send goes on, its end logged either way.
 */
export const CODE_SEND_WAIT_MS = 5_000;

/** Waits for `send` at most `waitMs`; a failure, then or later, goes to `onError`. */
export async function waitForSend(
  send: Promise<void>,
  waitMs: number,
  onError: (error: unknown) => void,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  await Promise.race([send.catch(onError), waited]);
  clearTimeout(timer);
}

/** A mail-only message (`{to, subject, text}`) through the same door as `sendMessage`. */
export function sendMail(ctx: Senders, mail: MailMessage, slot: DestinationSlot) {
  return sendMessage(ctx, 'email', mail.to, { ...mail, sms: mail.text }, slot);
}
