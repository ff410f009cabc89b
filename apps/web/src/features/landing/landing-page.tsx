import { useTranslation } from 'react-i18next';
import { SiteFooter } from '../../components/site-footer.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { HeroSection } from './components/hero-section.tsx';
import { OrgCtaSection } from './components/org-cta-section.tsx';
import { RoadmapSection } from './components/roadmap-section.tsx';
import { ScenariosSection } from './components/scenarios-section.tsx';
import { StatsSection } from './components/stats-section.tsx';
import { Island } from './islands/island.tsx';

/**
 * The public landing page `/` (spec section 2, "Landing page"). Pre-rendered at build time
 * (src/prerender); in the browser only its <Island> parts run (islands/). Reached by a
 * link inside the app, it renders here like any other route.
 */
export function LandingPage() {
  const { t } = useTranslation('landing');
  useDocumentTitle();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-800 focus:shadow-lg"
      >
        {t('skipToContent')}
      </a>
      <Island name="header" />
      {/* Sections below the first screen are laid out when they come near the viewport. */}
      <main id="main" tabIndex={-1} className="render-when-near flex-1 focus:outline-none">
        <HeroSection />
        <StatsSection />
        <ScenariosSection />
        <Island name="journey" />
        <Island name="api" />
        <OrgCtaSection />
        <RoadmapSection />
      </main>
      <SiteFooter />
    </div>
  );
}
