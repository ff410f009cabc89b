import { BookOpen, Compass, Layers, type LucideIcon, Rocket } from 'lucide-react';

export type GuideLevel = 'intro' | 'beginner' | 'intermediate' | 'advanced';

export interface GuideInfo {
  id: GuideId;
  /** The guide's name in the URL (`/documentation?guide=quick-start`). */
  slug: string;
  minutes: number;
  level: GuideLevel;
  icon: LucideIcon;
}

export const GUIDE_IDS = ['overview', 'quickStart', 'fullIntegration', 'apiReference'] as const;
export type GuideId = (typeof GUIDE_IDS)[number];

/** The spec's four guides with their reading time and level (the overview's are ours). */
export const GUIDES: Record<GuideId, GuideInfo> = {
  overview: { id: 'overview', slug: 'overview', minutes: 5, level: 'intro', icon: Compass },
  quickStart: {
    id: 'quickStart',
    slug: 'quick-start',
    minutes: 15,
    level: 'beginner',
    icon: Rocket,
  },
  fullIntegration: {
    id: 'fullIntegration',
    slug: 'full-integration',
    minutes: 45,
    level: 'intermediate',
    icon: Layers,
  },
  apiReference: {
    id: 'apiReference',
    slug: 'api-reference',
    minutes: 30,
    level: 'advanced',
    icon: BookOpen,
  },
};

export const DEFAULT_GUIDE: GuideId = 'overview';

export function guideFromSlug(slug: string | null): GuideId {
  return GUIDE_IDS.find((id) => GUIDES[id].slug === slug) ?? DEFAULT_GUIDE;
}

export const guideHref = (id: GuideId) =>
  id === DEFAULT_GUIDE ? '/documentation' : `/documentation?guide=${GUIDES[id].slug}`;
