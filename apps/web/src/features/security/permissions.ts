import { can, type MemberRole } from '@tanqin/shared';

// What the security screens let a role do, read from the one role table the API enforces
// (packages/shared/src/permissions.ts): the screen hides what the server would refuse.
export interface SecurityPermissions {
  canManageKeys: boolean;
  canReadSecurity: boolean;
  canManageSecurity: boolean;
}

export const securityPermissions = (role: MemberRole): SecurityPermissions => ({
  canManageKeys: can(role, 'keys:manage'),
  canReadSecurity: can(role, 'security:read'),
  canManageSecurity: can(role, 'security:manage'),
});
