import type { MemberRole } from '@tanqin/shared';

// The roles the API lets through (api-keys.routes.ts and security.routes.ts): the screen hides
// what a role cannot do instead of letting the server refuse it.
const KEY_MANAGERS: readonly MemberRole[] = ['owner', 'admin', 'developer'];
const SECURITY_READERS: readonly MemberRole[] = ['owner', 'admin', 'developer', 'viewer'];
const SECURITY_MANAGERS: readonly MemberRole[] = ['owner', 'admin'];

export interface SecurityPermissions {
  canManageKeys: boolean;
  canReadSecurity: boolean;
  canManageSecurity: boolean;
}

export const securityPermissions = (role: MemberRole): SecurityPermissions => ({
  canManageKeys: KEY_MANAGERS.includes(role),
  canReadSecurity: SECURITY_READERS.includes(role),
  canManageSecurity: SECURITY_MANAGERS.includes(role),
});
