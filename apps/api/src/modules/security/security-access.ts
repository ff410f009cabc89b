import { type Permission, rolesWith } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { guard, OWN_ORGANIZATION_PROBLEMS, problemAnswers } from '../../lib/contract.ts';
import { assertOwnOrganization, requireMember } from '../auth/index.ts';

/**
 * What every security route uses: the permission guards and the caller's organisation, which
 * must be the one a route names (`organization_id`), else 404.
 */
export function securityAccess(ctx: AppContext) {
  const memberWith = (permission: Permission) =>
    guard((request) => requireMember(ctx, request, rolesWith(permission)));
  const reader = memberWith('security:read');
  const manager = memberWith('security:manage');
  /** The caller's organisation, when `organizationId` (if given) is it; else 404. */
  const organizationOf = (
    caller: Awaited<ReturnType<typeof requireMember>>,
    organizationId: string | undefined,
  ) => {
    assertOwnOrganization(caller, organizationId);
    return caller.organization;
  };
  return {
    reader,
    manager,
    organizationOf,
    tags: ['Security'],
    readProblems: problemAnswers(OWN_ORGANIZATION_PROBLEMS),
  };
}

export type SecurityAccess = ReturnType<typeof securityAccess>;
