import { randomUUID } from 'node:crypto';
import type { MemberRole, OrganizationProfile, OrgSignup } from '@tanqin/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { hmacSha256 } from '../../lib/crypto.ts';
import { emailHasAccount, mailEmailInUse } from '../../lib/email-in-use.ts';
import { seal, unseal } from '../../lib/key-ring.ts';
import { hashPassword } from '../../lib/password.ts';
import { generateSecret, SECRET_PREFIX } from '../../lib/secret-format.ts';
import { UNCLAIMED_EMAIL_DOMAIN } from '../../lib/send-message.ts';
import { createAuditChains } from '../audit/index.ts';

export interface Organization {
  id: string;
  name: string;
  type: 'government' | 'private';
  email: string;
  phone: string | null;
  contact_person: string;
  client_id: string;
  require_ip_whitelist: boolean;
  geo_blocking_enabled: boolean;
  time_zone: string;
  created_at: Date;
  app_link: string | null;
}

export interface Membership {
  organization: Organization;
  role: MemberRole;
}

const ORGANIZATION_COLUMNS = `o.id, o.name, o.type, o.email, o.phone, o.contact_person, o.client_id,
  o.require_ip_whitelist, o.geo_blocking_enabled, o.time_zone, o.created_at, o.app_link`;

const organizationExists = () => new AppError('organization_exists');

/** Ends a sign-up's transaction without keeping anything (see `signupOrganization`). */
class DiscardedSignup extends Error {}

/**
 * Creates the organisation, its admin user and the owner membership in one transaction.
 *
 * An admin email another account has is not refused (issue 22.5: that would tell the caller the
 * address has an account). The sign-up does the same work, rows included, under a stand-in
 * address, then rolls it all back and answers as if it had kept it; the owner of the address is
 * mailed instead (`emailInUseMessage`), so only that mailbox learns nothing was created. The
 * organisation's own email stays unique and is still refused with 409 organization_exists.
 */
export async function signupOrganization(
  ctx: AppContext,
  input: OrgSignup,
  meta: { log: FastifyBaseLogger },
) {
  const passwordHash = await hashPassword(input.adminDetails.password);
  const clientSecret = generateSecret(SECRET_PREFIX.clientSecret, 32);
  const organization = {
    id: randomUUID(),
    client_id: generateSecret(SECRET_PREFIX.clientId, 12),
  };
  const userId = randomUUID();
  let created: Pick<Organization, 'id' | 'name' | 'client_id' | 'type' | 'email' | 'created_at'>;
  let adminEmailTaken = false;
  try {
    await ctx.db.transaction(async (tx) => {
      const [existingOrg] = await tx.query('select 1 from organizations where lower(email) = $1', [
        input.email.toLowerCase(),
      ]);
      if (existingOrg) throw organizationExists();
      adminEmailTaken = await emailHasAccount(tx, input.adminDetails.email);
      const [row] = await tx.query<Organization>(
        `insert into organizations (id, name, type, email, phone, contact_person,
           verification_document_url, client_id, client_secret_encrypted, client_secret_hash)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         returning id, name, client_id, type, email, created_at`,
        [
          organization.id,
          input.name,
          input.type,
          input.email,
          input.phone || null,
          input.contactPerson,
          input.verificationDocumentUrl ?? null,
          organization.client_id,
          seal(ctx.keys.clientSecret, clientSecret, organization.id),
          hmacSha256(ctx.keys.pepper, clientSecret),
        ],
      );
      created = row!;
      const admin = input.adminDetails;
      await tx.query(
        `insert into users (id, kind, email, first_name, last_name, phone, password_hash)
         values ($1, 'organization', $2, $3, $4, $5, $6)`,
        [
          userId,
          adminEmailTaken ? `${userId}@${UNCLAIMED_EMAIL_DOMAIN}` : admin.email,
          admin.firstName,
          admin.lastName,
          admin.phoneNumber || null,
          passwordHash,
        ],
      );
      await tx.query(
        `insert into organization_members (organization_id, user_id, role) values ($1, $2, 'owner')`,
        [organization.id, userId],
      );
      await createAuditChains(tx, organization.id);
      if (adminEmailTaken) throw new DiscardedSignup();
    });
  } catch (error) {
    if (error instanceof DiscardedSignup || isUniqueViolation(error)) {
      const constraint = (error as { constraint?: string }).constraint ?? '';
      // Two sign-ups racing past the checks: the unique index decides, with the same answers.
      if (error instanceof DiscardedSignup || constraint.startsWith('users')) {
        void mailEmailInUse(ctx, meta.log, input.adminDetails.email, 'organization_signup');
        return {
          id: organization.id,
          name: input.name,
          client_id: organization.client_id,
          type: input.type,
          email: input.email,
          created_at: ctx.clock.now(),
        };
      }
      throw organizationExists();
    }
    throw error;
  }
  return created!;
}

/** The caller's organisation; an organisation user belongs to exactly one. */
export async function getMembership(
  ctx: AppContext,
  userId: string,
): Promise<Membership | undefined> {
  const [row] = await ctx.db.query<Organization & { role: MemberRole }>(
    `select ${ORGANIZATION_COLUMNS}, m.role
       from organization_members m join organizations o on o.id = m.organization_id
      where m.user_id = $1
      order by m.created_at limit 1`,
    [userId],
  );
  if (!row) return undefined;
  const { role, ...organization } = row;
  return { organization, role };
}

export async function revealClientSecret(ctx: AppContext, organizationId: string) {
  const [row] = await ctx.db.query<{ client_id: string; client_secret_encrypted: string }>(
    'select client_id, client_secret_encrypted from organizations where id = $1',
    [organizationId],
  );
  if (!row) throw notFound('Organization');
  return {
    client_id: row.client_id,
    client_secret: unseal(
      ctx.keys.clientSecret,
      row.client_secret_encrypted,
      organizationId,
    ).toString(),
  };
}

/** GET /api/v1/organizations/:id: the organisation as its member sees it, with their role. */
/** An organisation's public name and type, by id (the receipt check names who issued and used). */
export async function publicOrganizationName(ctx: AppContext, id: string) {
  const rows = await ctx.db.query<{ id: string; name: string; type: Organization['type'] }>(
    'select id, name, type from organizations where id = $1',
    [id],
  );
  return rows[0];
}

export function presentOrganizationDetails(o: Organization, role: MemberRole) {
  return {
    id: o.id,
    name: o.name,
    type: o.type,
    email: o.email,
    phone: o.phone,
    contact_person: o.contact_person,
    time_zone: o.time_zone,
    client_id: o.client_id,
    created_at: o.created_at,
    require_ip_whitelist: o.require_ip_whitelist,
    geo_blocking_enabled: o.geo_blocking_enabled,
    app_link: o.app_link,
    role,
  };
}

/**
 * Saves the profile fields that were sent. The wallet and dashboard read the time zone from the
 * organisation row on every request, so a new zone applies to their periods at once; the day
 * roll-up counts in the new zone from now on (`time_zone_since`, 0050_usage_local_days.sql).
 */
export async function updateOrganizationProfile(
  ctx: AppContext,
  organizationId: string,
  input: OrganizationProfile,
): Promise<Organization> {
  const [row] = await ctx.db.query<Organization>(
    `update organizations o set
       name = coalesce($2, o.name),
       contact_person = coalesce($3, o.contact_person),
       phone = case when $4::boolean then $5 else o.phone end,
       time_zone = coalesce($6, o.time_zone),
       time_zone_since = case when $6 <> o.time_zone then $7 else o.time_zone_since end,
       app_link = case when $8::boolean then $9 else o.app_link end
     where o.id = $1
     returning ${ORGANIZATION_COLUMNS}`,
    [
      organizationId,
      input.name ?? null,
      input.contact_person ?? null,
      input.phone !== undefined,
      input.phone ?? null,
      input.time_zone ?? null,
      ctx.clock.now(),
      input.app_link !== undefined,
      input.app_link ?? null,
    ],
  );
  if (!row) throw notFound('Organization');
  return row;
}

/**
 * A new client secret replaces the old one, which stops working for OAuth client credentials
 * at once in every process, and so do the access tokens issued for the old one. Shown once to the caller.
 */
export async function rotateClientSecret(ctx: AppContext, organizationId: string) {
  const clientSecret = generateSecret(SECRET_PREFIX.clientSecret, 32);
  const [row] = await ctx.db.query<{ client_id: string }>(
    `update organizations
        set client_secret_encrypted = $2, client_secret_hash = $3,
            client_secret_version = client_secret_version + 1
      where id = $1 returning client_id`,
    [
      organizationId,
      seal(ctx.keys.clientSecret, clientSecret, organizationId),
      hmacSha256(ctx.keys.pepper, clientSecret),
    ],
  );
  if (!row) throw notFound('Organization');
  await ctx.invalidation.publish('organization', organizationId);
  return { client_id: row.client_id, client_secret: clientSecret };
}
