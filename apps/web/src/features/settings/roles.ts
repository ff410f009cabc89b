import { MEMBER_ROLES, type MemberRole } from '@tanqin/shared';

/**
 * The roles a member may give: an owner any role, an admin any role but owner (the API refuses
 * an admin who invites or appoints an owner with 403).
 */
export const assignableRoles = (myRole: MemberRole): readonly MemberRole[] =>
  myRole === 'owner' ? MEMBER_ROLES : MEMBER_ROLES.filter((role) => role !== 'owner');

/** Whether my role may change or remove a member who has `theirRole`. */
export const canManageMember = (myRole: MemberRole, theirRole: MemberRole) =>
  myRole === 'owner' || theirRole !== 'owner';
