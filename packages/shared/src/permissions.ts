import type { MemberRole } from './constants.ts';

const EVERY_ROLE = ['owner', 'admin', 'developer', 'verifier', 'viewer'] as const;

/**
 * What each organisation role may do: owners and admins manage members and settings and revoke
 * codes, developers manage API keys and read security, verifiers decrypt codes, viewers read
 * dashboards. The API enforces this table; the web app hides what a role cannot use. One source of truth for both.
 */
export const PERMISSIONS = {
  'dashboard:read': EVERY_ROLE,
  'wallet:read': EVERY_ROLE,
  'codes:read': EVERY_ROLE,
  'codes:verify': ['owner', 'admin', 'verifier'],
  'codes:revoke': ['owner', 'admin'],
  'keys:manage': ['owner', 'admin', 'developer'],
  'security:read': ['owner', 'admin', 'developer', 'viewer'],
  'security:manage': ['owner', 'admin'],
  'settings:manage': ['owner', 'admin'],
  'members:manage': ['owner', 'admin'],
  'credentials:read': ['owner', 'admin'],
} as const satisfies Record<string, readonly MemberRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export const rolesWith = (permission: Permission): readonly MemberRole[] => PERMISSIONS[permission];

export const can = (role: MemberRole, permission: Permission): boolean =>
  (PERMISSIONS[permission] as readonly MemberRole[]).includes(role);
