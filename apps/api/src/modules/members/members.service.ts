import { randomUUID } from 'node:crypto';
import {
  type AcceptInvitationInput,
  INVITATION_TTL_DAYS,
  INVITATIONS_PER_ORGANIZATION_PER_HOUR,
  type InviteMemberInput,
  type MemberRole,
  rolesWith,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { isUniqueViolation, type Queryable } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { hmacSha256 } from '../../lib/crypto.ts';
import {
  type takeDestinationSlot,
  takeOrganizationDestinationSlot,
} from '../../lib/destination-limit.ts';
import { lookupHashes } from '../../lib/key-ring.ts';
import { hashPassword } from '../../lib/password.ts';
import { generateSecret, hasValidChecksum, SECRET_PREFIX } from '../../lib/secret-format.ts';
import { sendMail } from '../../lib/send-message.ts';
import type { Principal } from '../auth/index.ts';
import { startSession } from '../auth/index.ts';
import type { Membership } from '../organizations/index.ts';
import { recordRefusedDestination } from '../security/index.ts';
import { invitationEmail } from './invitation-email.ts';

type Caller = Principal & Membership;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Preview and accept, per address: enough for an office behind one NAT, too few to guess. */
const INVITATION_TRIES_WINDOW_MS = 15 * 60 * 1000;
const MAX_INVITATION_TRIES_PER_IP = 30;

const alreadyMember = () => new AppError('already_member');
const invitationPending = () => new AppError('invitation_pending');
const lastOwner = () => new AppError('last_owner');
const invitationInvalid = () => new AppError('invitation_invalid');
const ownersOnly = () =>
  new AppError('forbidden', 'Only an owner may grant the owner role or change an owner');
const memberNotFound = () => new AppError('not_found', 'Member not found');
const invitationNotFound = () => new AppError('not_found', 'Invitation not found');
const mailUnavailable = () =>
  new AppError('mail_unavailable', 'The invitation email could not be sent, try again');

const MEMBER_COLUMNS = `u.id as user_id, u.email, u.first_name, u.last_name, m.role,
  m.created_at as joined_at`;
const INVITATION_COLUMNS = `i.id, i.email, i.role,
  nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')
    as invited_by_name,
  i.created_at, i.expires_at`;

interface MemberRow {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: MemberRole;
  joined_at: Date;
}

interface InvitationRow {
  id: string;
  email: string;
  role: MemberRole;
  invited_by_name: string | null;
  created_at: Date;
  expires_at: Date;
}

const presentMember = (row: MemberRow, callerId: string) => ({
  ...row,
  is_you: row.user_id === callerId,
});

const invitationTokenHash = (ctx: AppContext, token: string) => hmacSha256(ctx.keys.pepper, token);

export async function listMembers(ctx: AppContext, caller: Caller) {
  const organizationId = caller.organization.id;
  const members = await ctx.db.query<MemberRow>(
    `select ${MEMBER_COLUMNS}
       from organization_members m join users u on u.id = m.user_id
      where m.organization_id = $1
      order by m.created_at, lower(u.email)`,
    [organizationId],
  );
  const invitations = await ctx.db.query<InvitationRow>(
    `select ${INVITATION_COLUMNS}
       from organization_invitations i left join users u on u.id = i.invited_by
      where i.organization_id = $1 and i.accepted_at is null and i.revoked_at is null
        and i.expires_at > $2
      order by i.created_at desc`,
    [organizationId, ctx.clock.now()],
  );
  return { members: members.map((row) => presentMember(row, caller.userId)), invitations };
}

/**
 * Invites someone by email: a pending invitation row (the token kept as an HMAC) and an email
 * with the one-time link, in one transaction, so no invitation exists that was never mailed.
 */
export async function inviteMember(ctx: AppContext, caller: Caller, input: InviteMemberInput) {
  if (input.role === 'owner' && caller.role !== 'owner') throw ownersOnly();
  const organizationId = caller.organization.id;
  const token = generateSecret(SECRET_PREFIX.invitation, 32);
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
  const email = input.email.trim();
  // Before the transaction: a refusal is recorded as a security event of its own.
  await limitInvitations(ctx, organizationId);
  const slot = await takeOrganizationDestinationSlot(ctx, 'email', email, () =>
    recordRefusedDestination(ctx, organizationId, 'email', email),
  );
  try {
    return await ctx.db.transaction(async (tx) => {
      // A member of this organisation is refused (its members list shows them anyway). Any other
      // account's address is invited like a free one, so inviting tells no organisation whether an
      // address has an account (issue 22.5); accepting refuses it, to the mailbox's owner only.
      const [existingMember] = await tx.query(
        `select 1 from organization_members m join users u on u.id = m.user_id
          where m.organization_id = $1 and lower(u.email) = $2`,
        [organizationId, email.toLowerCase()],
      );
      if (existingMember) throw alreadyMember();
      // An expired invitation no longer counts as pending: it makes room for the new one.
      await tx.query(
        `update organization_invitations set revoked_at = $3
          where organization_id = $1 and lower(email) = $2
            and accepted_at is null and revoked_at is null and expires_at <= $3`,
        [organizationId, email.toLowerCase(), now],
      );
      const id = randomUUID();
      await tx.query(
        `insert into organization_invitations
           (id, organization_id, email, role, token_hash, invited_by, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          id,
          organizationId,
          email,
          input.role,
          invitationTokenHash(ctx, token),
          caller.userId,
          now,
          expiresAt,
        ],
      );
      const [invitation] = await tx.query<InvitationRow>(
        `select ${INVITATION_COLUMNS}
           from organization_invitations i left join users u on u.id = i.invited_by
          where i.id = $1`,
        [id],
      );
      await sendInvitation(
        ctx,
        {
          to: email,
          organizationName: caller.organization.name,
          inviterName: invitation!.invited_by_name,
          role: input.role,
          link: `${ctx.config.publicUrl.replace(/\/+$/, '')}/join#token=${token}`,
          expiresAt,
        },
        slot,
      );
      return invitation!;
    });
  } catch (error) {
    // Two invitations for one email racing past the check: the partial unique index decides.
    if (isUniqueViolation(error)) throw invitationPending();
    throw error;
  }
}

async function sendInvitation(
  ctx: AppContext,
  input: Parameters<typeof invitationEmail>[0],
  slot: Awaited<ReturnType<typeof takeDestinationSlot>>,
) {
  try {
    await sendMail(ctx, invitationEmail(input), slot);
  } catch {
    throw mailUnavailable();
  }
}

export async function revokeInvitation(ctx: AppContext, caller: Caller, invitationId: string) {
  const [row] = await ctx.db.query(
    `update organization_invitations set revoked_at = $3
      where id = $2 and organization_id = $1 and accepted_at is null and revoked_at is null
      returning id`,
    [caller.organization.id, invitationId, ctx.clock.now()],
  );
  if (!row) throw invitationNotFound();
}

/**
 * Locks the organisation's owners, the target member and the caller, always in user id order, so
 * two owners demoting or removing each other at once queue instead of deadlocking; the second
 * then sees the caller's role and the owners as the first left them.
 */
async function lockOwnersAndMember(
  tx: Queryable,
  caller: Caller,
  userId: string,
): Promise<{ target: MemberRole; callerRole: MemberRole; owners: number }> {
  const rows = await tx.query<{ user_id: string; role: MemberRole }>(
    `select user_id, role from organization_members
      where organization_id = $1 and (role = 'owner' or user_id = $2 or user_id = $3)
      order by user_id
      for update`,
    [caller.organization.id, userId, caller.userId],
  );
  const target = rows.find((row) => row.user_id === userId);
  const self = rows.find((row) => row.user_id === caller.userId);
  if (!self || !rolesWith('members:manage').includes(self.role)) {
    throw new AppError('forbidden', 'Your role does not allow this action');
  }
  if (!target) throw memberNotFound();
  return {
    target: target.role,
    callerRole: self.role,
    owners: rows.filter((row) => row.role === 'owner').length,
  };
}

export async function changeMemberRole(
  ctx: AppContext,
  caller: Caller,
  userId: string,
  role: MemberRole,
) {
  const organizationId = caller.organization.id;
  return ctx.db.transaction(async (tx) => {
    const { target, callerRole, owners } = await lockOwnersAndMember(tx, caller, userId);
    if (callerRole !== 'owner' && (target === 'owner' || role === 'owner')) throw ownersOnly();
    if (target === 'owner' && role !== 'owner' && owners <= 1) throw lastOwner();
    await tx.query(
      'update organization_members set role = $3 where organization_id = $1 and user_id = $2',
      [organizationId, userId, role],
    );
    const [member] = await tx.query<MemberRow>(
      `select ${MEMBER_COLUMNS}
         from organization_members m join users u on u.id = m.user_id
        where m.organization_id = $1 and m.user_id = $2`,
      [organizationId, userId],
    );
    return presentMember(member!, caller.userId);
  });
}

/**
 * Removes a member: their account (an organisation user belongs to exactly one organisation)
 * goes with its membership, sessions and refresh tokens, so their access and refresh tokens stop
 * at once and the email can be invited again.
 */
export async function removeMember(ctx: AppContext, caller: Caller, userId: string) {
  const organizationId = caller.organization.id;
  await ctx.db.transaction(async (tx) => {
    const { target, callerRole, owners } = await lockOwnersAndMember(tx, caller, userId);
    if (callerRole !== 'owner' && target === 'owner') throw ownersOnly();
    if (target === 'owner' && owners <= 1) throw lastOwner();
    await tx.query(
      'update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null',
      [userId, ctx.clock.now()],
    );
    await tx.query('delete from organization_members where organization_id = $1 and user_id = $2', [
      organizationId,
      userId,
    ]);
    await tx.query(
      `delete from users u where u.id = $1 and u.kind = 'organization'
          and not exists (select 1 from organization_members m where m.user_id = u.id)`,
      [userId],
    );
  });
}

/** At most INVITATIONS_PER_ORGANIZATION_PER_HOUR invitations an organisation sends an hour. */
async function limitInvitations(ctx: AppContext, organizationId: string) {
  const result = await ctx.rateLimits.consume(
    [
      {
        key: `invitations:organization:${organizationId}`,
        limit: INVITATIONS_PER_ORGANIZATION_PER_HOUR,
        windowMs: 60 * 60_000,
      },
    ],
    ctx.clock.now().getTime(),
  );
  if (!result.allowed) {
    const resetMs = Math.max(...result.states.map((state) => state.resetMs), 1000);
    throw new AppError('invitations_limited', undefined, {
      headers: { 'Retry-After': String(Math.ceil(resetMs / 1000)) },
    });
  }
}

/** Refuses an address that tried invitation links too often (one answer, Retry-After). */
async function limitInvitationTries(ctx: AppContext, ip: string) {
  const result = await ctx.rateLimits.consume(
    [
      {
        key: `invitation:ip:${ip}`,
        limit: MAX_INVITATION_TRIES_PER_IP,
        windowMs: INVITATION_TRIES_WINDOW_MS,
      },
    ],
    ctx.clock.now().getTime(),
  );
  if (!result.allowed) {
    const resetMs = Math.max(...result.states.map((state) => state.resetMs), 1000);
    throw new AppError('too_many_requests', 'Too many invitation attempts, try again later', {
      headers: { 'Retry-After': String(Math.ceil(resetMs / 1000)) },
    });
  }
}

interface LiveInvitation {
  id: string;
  organization_id: string;
  organization_name: string;
  email: string;
  role: MemberRole;
  expires_at: Date;
}

/** The pending, unexpired invitation of a token; any other token gets one and the same answer. */
async function findLiveInvitation(ctx: AppContext, token: string): Promise<LiveInvitation> {
  if (!hasValidChecksum(SECRET_PREFIX.invitation, token)) throw invitationInvalid();
  const [row] = await ctx.db.query<LiveInvitation>(
    `select i.id, i.organization_id, o.name as organization_name, i.email, i.role, i.expires_at
       from organization_invitations i join organizations o on o.id = i.organization_id
      where i.token_hash = any($1::text[]) and i.accepted_at is null and i.revoked_at is null
        and i.expires_at > $2`,
    [lookupHashes(ctx.keys.peppers, token), ctx.clock.now()],
  );
  if (!row) throw invitationInvalid();
  return row;
}

export async function previewInvitation(ctx: AppContext, token: string, ip: string) {
  await limitInvitationTries(ctx, ip);
  const invitation = await findLiveInvitation(ctx, token);
  return {
    organization_name: invitation.organization_name,
    email: invitation.email,
    role: invitation.role,
    expires_at: invitation.expires_at,
  };
}

/**
 * Accepts an invitation: claims it (single use: a second or concurrent accept finds it taken),
 * creates the user and the membership in one transaction, then signs the new member in.
 */
export async function acceptInvitation(
  ctx: AppContext,
  input: AcceptInvitationInput,
  meta: { ip: string; userAgent?: string },
) {
  await limitInvitationTries(ctx, meta.ip);
  // Refuse a dead link before the (deliberately slow) password hash.
  await findLiveInvitation(ctx, input.token);
  const passwordHash = await hashPassword(input.password);
  const userId = randomUUID();
  const now = ctx.clock.now();
  try {
    await ctx.db.transaction(async (tx) => {
      const [invitation] = await tx.query<{
        organization_id: string;
        email: string;
        role: MemberRole;
      }>(
        `update organization_invitations set accepted_at = $2
          where token_hash = any($1::text[]) and accepted_at is null and revoked_at is null
            and expires_at > $2
          returning organization_id, email, role`,
        [lookupHashes(ctx.keys.peppers, input.token), now],
      );
      if (!invitation) throw invitationInvalid();
      await tx.query(
        `insert into users (id, kind, email, first_name, last_name, phone, password_hash)
         values ($1, 'organization', $2, $3, $4, $5, $6)`,
        [
          userId,
          invitation.email,
          input.firstName.trim(),
          input.lastName.trim(),
          input.phoneNumber?.trim() || null,
          passwordHash,
        ],
      );
      await tx.query(
        'insert into organization_members (organization_id, user_id, role) values ($1, $2, $3)',
        [invitation.organization_id, userId, invitation.role],
      );
    });
  } catch (error) {
    // The email got an account after the invitation was sent: the invitation stays unused.
    if (isUniqueViolation(error)) throw alreadyMember();
    throw error;
  }
  const session = await startSession(ctx, { id: userId, kind: 'organization' }, meta);
  return { userId, session };
}
