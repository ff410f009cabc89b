import type { MembershipOrganization, User } from '@tanqin/shared';
import { can, type MemberRole, type Permission } from '@tanqin/shared';
import {
  Database,
  KeyRound,
  LayoutDashboard,
  type LucideIcon,
  Settings,
  ShieldCheck,
  Wallet,
} from 'lucide-react';
import { type ComponentType, lazy } from 'react';
import { DashboardSection } from './dashboard/dashboard-section.tsx';

export const SECTION_IDS = [
  'dashboard',
  'keys',
  'wallet',
  'data',
  'verification',
  'settings',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];
export const DEFAULT_SECTION: SectionId = 'dashboard';

/** What every section receives: the signed-in user and their organisation (with their role). */
export interface SectionProps {
  organization: MembershipOrganization;
  user: User;
}

export interface SectionEntry {
  icon: LucideIcon;
  /** What the role needs for the item to be in the menu (packages/shared/src/permissions.ts). */
  permission: Permission;
  /** May be a `React.lazy` component: the page renders sections inside Suspense. */
  Component: ComponentType<SectionProps>;
}

/**
 * The side menu's items in order, each with the permission it needs and the screen it shows.
 * The API refuses the same roles; the menu only spares people items they cannot use.
 */
export const sections: Record<SectionId, SectionEntry> = {
  dashboard: { icon: LayoutDashboard, permission: 'dashboard:read', Component: DashboardSection },
  keys: {
    icon: KeyRound,
    permission: 'keys:manage',
    Component: lazy(() => import('../security/keys-section.tsx')),
  },
  wallet: {
    icon: Wallet,
    permission: 'wallet:read',
    Component: lazy(() => import('../wallet/wallet-section.tsx')),
  },
  data: {
    icon: Database,
    permission: 'codes:read',
    Component: lazy(() => import('../codes/codes-section.tsx')),
  },
  verification: {
    icon: ShieldCheck,
    permission: 'security:read',
    Component: lazy(() => import('../security/events-section.tsx')),
  },
  settings: {
    icon: Settings,
    permission: 'settings:manage',
    Component: lazy(() => import('../settings/settings-section.tsx')),
  },
};

export const isSectionId = (value: string | null): value is SectionId =>
  value !== null && (SECTION_IDS as readonly string[]).includes(value);

/** The menu items a role may open, in menu order. */
export const sectionsFor = (role: MemberRole): SectionId[] =>
  SECTION_IDS.filter((id) => can(role, sections[id].permission));

/**
 * The section `?section=` asks for, or the dashboard when it names no section or one the role
 * may not open. While the role is still loading the request stands.
 */
export function resolveSection(requested: string | null, role?: MemberRole): SectionId {
  if (!isSectionId(requested)) return DEFAULT_SECTION;
  if (role && !can(role, sections[requested].permission)) return DEFAULT_SECTION;
  return requested;
}
