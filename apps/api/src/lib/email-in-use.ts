import { type EmailInUseAttempt, emailInUseMessage } from '@tanqin/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context.ts';
import type { Queryable } from '../db/database.ts';
import { type DestinationSlot, takeDestinationSlot } from './destination-limit.ts';
import { messageLanguageOfEmail } from './message-language.ts';
import { sendMail } from './send-message.ts';

/*
 * No account oracle by email (issue 22.5). Registration, organisation sign-up and a profile email
 * change answer the same whether the address they name has an account or not, with the same
 * work on both branches; only the mailbox of the address learns which: a free address gets the
 * confirmation, a taken one this mail instead (`emailInUseMessage`).
 */

/** Whether an account (of either kind) has `email` as its sign-in. */
export async function emailHasAccount(
  db: Queryable,
  email: string,
  exceptUserId?: string,
): Promise<boolean> {
  const rows = await db.query(
    'select 1 from users where lower(email) = $1 and id is distinct from $2::uuid',
    [email.toLowerCase(), exceptUserId ?? null],
  );
  return rows.length > 0;
}

/**
 * Mails the owner of `email` that someone named it; never fails (a failed send is logged). `slot`
 * is the destination's limit when the caller already took it for the message this one replaces
 * (the code a free address gets); otherwise it is taken here and a flooded mailbox silently gets
 * nothing more, since a 429 would tell the address apart. A caller whose other branch sends
 * nothing does not wait for it, so the answer's time does not depend on the mail.
 */
export function mailEmailInUse(
  ctx: AppContext,
  log: FastifyBaseLogger,
  email: string,
  attempt: EmailInUseAttempt,
  slot?: DestinationSlot,
): Promise<void> {
  const base = ctx.config.publicUrl.replace(/\/$/, '');
  const links = {
    signIn: `${base}${attempt === 'organization_signup' ? '/org-auth' : '/login'}`,
    resetPassword: `${base}/forgot-password`,
  };
  const send = async () => {
    const granted = slot ?? (await takeDestinationSlot(ctx, 'email', email).catch(() => null));
    if (!granted) return;
    // In the language of the account that has the address.
    const language = await messageLanguageOfEmail(ctx.db, email);
    await sendMail(
      ctx,
      { to: email, ...emailInUseMessage(attempt, links, ctx.clock.now(), language) },
      granted,
    );
  };
  return send().catch((error) =>
    log.error({ err: error, attempt }, 'email-in-use mail could not be sent'),
  );
}
