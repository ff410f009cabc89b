import { rolesWith } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { guard } from '../../lib/contract.ts';
import { assertOwnOrganization, requireMember } from '../auth/index.ts';

/**
 * What every notification route uses: the security center's permission guards and the caller's
 * organisation id, which must be the one a route names (`organization_id`), else 404.
 */
export function notificationAccess(ctx: AppContext) {
  const reader = guard((request) => requireMember(ctx, request, rolesWith('security:read')));
  const manager = guard((request) => requireMember(ctx, request, rolesWith('security:manage')));
  /** The caller's organisation id, when `organizationId` (if given) is it; else 404. */
  const organizationOf = (
    caller: Awaited<ReturnType<typeof requireMember>>,
    organizationId: string | undefined,
  ) => {
    assertOwnOrganization(caller, organizationId);
    return caller.organization.id;
  };
  return { reader, manager, organizationOf, tags: ['Security'] };
}

export type NotificationAccess = ReturnType<typeof notificationAccess>;
