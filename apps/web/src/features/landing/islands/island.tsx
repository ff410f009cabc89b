import type { ComponentType } from 'react';
import { SiteHeader } from '../../../components/site-header.tsx';
import { ApiShowcaseSection } from '../components/api-showcase-section.tsx';
import { JourneySection } from '../components/journey-section.tsx';

/**
 * The parts of the landing page that respond in the browser (buttons, the signed-in header).
 * The rest of the pre-rendered page stays static HTML; islands/runtime.tsx hydrates each of these
 * on its own when it is needed (islands/main.ts). A part that gains behaviour is added here (and
 * to both of those files) and rendered through <Island>.
 */
export const ISLANDS = {
  header: SiteHeader,
  journey: JourneySection,
  api: ApiShowcaseSection,
} satisfies Record<string, ComponentType>;

export type IslandName = keyof typeof ISLANDS;

/** Marks an island in the HTML; `display: contents`, so the wrapper adds no box to the layout. */
export function Island({ name }: { name: IslandName }) {
  const Component = ISLANDS[name];
  return (
    <div data-island={name} className="contents">
      <Component />
    </div>
  );
}
