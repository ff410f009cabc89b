import {
  type ContactChannel,
  maskNationalId,
  type Profile,
  type ProfileLanguage,
  type ProfileUpdate,
} from '@tanqin/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { queueAccountNotice } from '../account-notices/index.ts';
import {
  type Attempt,
  assertNotLocked,
  clearFailures,
  endUserSessions,
  recordFailure,
} from '../auth/index.ts';
import { takeSendSlot } from '../individuals/index.ts';
import {
  pendingContactOf,
  type RequestedChange,
  requestContactChange,
  sendContactCode,
} from './contact-change.service.ts';

interface ProfileRow {
  kind: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  national_id_last4: string | null;
  language: 'ar' | 'en';
  notify_email: boolean;
  notify_sms: boolean;
  notify_app: boolean;
  two_factor_enabled_at: Date | null;
  confirmed_at: Date | null;
}

// An account whose registration named a taken email sees that email (0122_claimed_email.sql).
const PROFILE_COLUMNS = `kind, first_name, last_name, coalesce(claimed_email, email) as email, phone, national_id_last4, language,
  notify_email, notify_sms, notify_app, two_factor_enabled_at, confirmed_at`;

function present(row: ProfileRow, pendingContact: Profile['pendingContact']): Profile {
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phoneNumber: row.phone,
    nationalIdMasked: row.national_id_last4 ? maskNationalId(row.national_id_last4) : null,
    language: row.language,
    notifications: { email: row.notify_email, sms: row.notify_sms, app: row.notify_app },
    twoFactorEnabled: row.two_factor_enabled_at !== null,
    confirmed: row.confirmed_at !== null,
    pendingContact,
  };
}

export async function getProfile(ctx: AppContext, userId: string): Promise<Profile> {
  const [row] = await ctx.db.query<ProfileRow>(
    `select ${PROFILE_COLUMNS} from users where id = $1`,
    [userId],
  );
  if (!row) throw new AppError('session_expired');
  return present(row, await pendingContactOf(ctx, userId));
}

/**
 * Saves the profile settings at once, except a new email or phone: that waits for the code sent
 * to it (contact-change.service.ts). The national id cannot change after registration.
 */
export async function updateProfile(
  ctx: AppContext,
  userId: string,
  input: ProfileUpdate,
  meta: { ip: string; log: FastifyBaseLogger },
): Promise<Profile> {
  const [current] = await ctx.db.query<{ email: string; phone: string | null }>(
    'select coalesce(claimed_email, email) as email, phone from users where id = $1',
    [userId],
  );
  if (!current) throw new AppError('session_expired');
  const changes: Array<{ channel: ContactChannel; newValue: string }> = [];
  if (input.email !== current.email) changes.push({ channel: 'email', newValue: input.email });
  if (input.phoneNumber !== current.phone) {
    changes.push({ channel: 'phone', newValue: input.phoneNumber });
  }
  // A taken new email is not refused (that would tell it apart): see requestContactChange.
  if (changes.length > 0) await takeSendSlot(ctx, `contact:${userId}`);
  const requested = await ctx.db.transaction(async (tx) => {
    await tx.query(
      `update users set first_name = $2, last_name = $3, language = $4,
              notify_email = $5, notify_sms = $6, notify_app = $7
        where id = $1`,
      [
        userId,
        input.firstName,
        input.lastName,
        input.language,
        input.notifications.email,
        input.notifications.sms,
        input.notifications.app,
      ],
    );
    const codes: RequestedChange[] = [];
    for (const change of changes) {
      codes.push(await requestContactChange(ctx, tx, userId, change, meta));
    }
    return codes;
  });
  for (const change of requested) await sendContactCode(ctx, meta.log, change);
  return getProfile(ctx, userId);
}

/** Saves the person's language alone (the header's switch), leaving the rest of the profile. */
export async function saveLanguage(ctx: AppContext, userId: string, language: ProfileLanguage) {
  await ctx.db.query('update users set language = $2 where id = $1', [userId, language]);
}

/**
 * Changes the password after checking the current one (wrong tries are limited like sign-in);
 * every other session of the account ends, the caller's stays, and the account's email is told.
 */
export async function changePassword(
  ctx: AppContext,
  principal: { userId: string; sessionId: string },
  input: { currentPassword: string; newPassword: string },
  meta: { ip: string },
) {
  const attempt: Attempt = {
    action: 'password',
    subject: { account: principal.userId },
    ip: meta.ip,
  };
  await assertNotLocked(ctx, attempt);
  const [row] = await ctx.db.query<{ password_hash: string }>(
    'select password_hash from users where id = $1',
    [principal.userId],
  );
  if (!row || !(await verifyPassword(input.currentPassword, row.password_hash))) {
    await recordFailure(ctx, attempt);
    throw new AppError('current_password_invalid');
  }
  await clearFailures(ctx, attempt);
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.query('update users set password_hash = $2 where id = $1', [
      principal.userId,
      passwordHash,
    ]);
    await tx.query('delete from two_factor_challenges where user_id = $1', [principal.userId]);
    await endUserSessions(ctx, tx, principal.userId, principal.sessionId);
    await queueAccountNotice(ctx, tx, principal.userId, { kind: 'password_changed' }, meta);
  });
}
