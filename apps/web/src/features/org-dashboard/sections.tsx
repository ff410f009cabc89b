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
import type { MeOrganization, MeUser } from './api/get-me.ts';
import { SettingsComingSoon } from './components/coming-soon-panel.tsx';
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
  organization: MeOrganization;
  user: MeUser;
}

export interface SectionEntry {
  icon: LucideIcon;
  /** May be a `React.lazy` component: the page renders sections inside Suspense. */
  Component: ComponentType<SectionProps>;
}

/**
 * The side menu's items in order, each with the screen it shows. A later screen replaces one
 * entry, e.g. `keys: { icon: KeyRound, Component: lazy(() => import('../security/...')) }`.
 */
export const sections: Record<SectionId, SectionEntry> = {
  dashboard: { icon: LayoutDashboard, Component: DashboardSection },
  keys: { icon: KeyRound, Component: lazy(() => import('../security/keys-section.tsx')) },
  wallet: { icon: Wallet, Component: lazy(() => import('../wallet/wallet-section.tsx')) },
  data: { icon: Database, Component: lazy(() => import('../codes/codes-section.tsx')) },
  verification: {
    icon: ShieldCheck,
    Component: lazy(() => import('../security/events-section.tsx')),
  },
  settings: { icon: Settings, Component: SettingsComingSoon },
};

export const isSectionId = (value: string | null): value is SectionId =>
  value !== null && (SECTION_IDS as readonly string[]).includes(value);
