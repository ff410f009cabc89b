import type { MemberRole } from '@tanqin/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { getMembership, type Membership } from '../organizations/index.ts';
import { authenticateAccessToken, type Principal, type Session } from './sessions.service.ts';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

/**
 * Any open session, confirmed or not. Only what a registration's token is for takes it: confirming
 * the account, a new code, signing out.
 */
export async function requireSession(ctx: AppContext, request: FastifyRequest): Promise<Session> {
  return authenticateAccessToken(ctx, bearerToken(request));
}

/** A signed-in user whose account is confirmed: every other signed-in route's caller. */
export async function requireUser(ctx: AppContext, request: FastifyRequest): Promise<Principal> {
  const { confirmed, identityProven: _, ...principal } = await requireSession(ctx, request);
  if (!confirmed) throw new AppError('account_unconfirmed');
  return principal;
}

/**
 * The signed-in organisation member, optionally limited to some roles. Every organisation-scoped
 * query takes its organisation id from here, never from the request.
 */
export async function requireMember(
  ctx: AppContext,
  request: FastifyRequest,
  roles?: readonly MemberRole[],
): Promise<Principal & Membership> {
  const principal = await requireUser(ctx, request);
  const membership = await getMembership(ctx, principal.userId);
  if (!membership)
    throw new AppError('forbidden', 'This account is not a member of an organisation');
  if (roles && !roles.includes(membership.role)) {
    throw new AppError('forbidden', 'Your role does not allow this action');
  }
  return { ...principal, ...membership };
}

/** A signed-in individual (confirmed, as every user): the personal pages' callers. */
export async function requireIndividual(ctx: AppContext, request: FastifyRequest) {
  const principal = await requireUser(ctx, request);
  if (principal.kind !== 'individual') {
    throw new AppError('forbidden', 'This is for individual accounts');
  }
  return principal;
}

/**
 * An individual whose national id is proven at the identity provider: the callers of every route
 * that shows or acts on the codes issued for that national id (read from the database on each
 * request, so a proof counts at once on every process).
 */
export async function requireProvenIndividual(ctx: AppContext, request: FastifyRequest) {
  const { confirmed, identityProven, ...principal } = await requireSession(ctx, request);
  if (!confirmed) throw new AppError('account_unconfirmed');
  if (principal.kind !== 'individual') {
    throw new AppError('forbidden', 'This is for individual accounts');
  }
  if (!identityProven) throw new AppError('identity_unverified');
  return principal;
}

/** An organisation id named in a path, query or body must be the caller's own: else 404. */
export function assertOwnOrganization(member: Membership, organizationId: string | undefined) {
  if (organizationId !== undefined && organizationId !== member.organization.id) {
    throw new AppError('not_found', 'Organization not found');
  }
}
