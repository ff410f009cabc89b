import { useTranslation } from 'react-i18next';
import { ApiShowcaseSection } from './components/api-showcase-section.tsx';
import { HeroSection } from './components/hero-section.tsx';
import { JourneySection } from './components/journey-section.tsx';
import { OrgCtaSection } from './components/org-cta-section.tsx';
import { RoadmapSection } from './components/roadmap-section.tsx';
import { ScenariosSection } from './components/scenarios-section.tsx';
import { SiteFooter } from './components/site-footer.tsx';
import { SiteHeader } from './components/site-header.tsx';
import { StatsSection } from './components/stats-section.tsx';

/** The public landing page `/` (spec section 2, "Landing page"). */
export function LandingPage() {
  const { t } = useTranslation('landing');
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-800 focus:shadow-lg"
      >
        {t('skipToContent')}
      </a>
      <SiteHeader />
      {/* Sections below the first screen are laid out when they come near the viewport: the
          browser paints the pre-rendered page sooner on a slow phone. */}
      <main
        id="main"
        tabIndex={-1}
        className="flex-1 focus:outline-none [&>section:nth-child(n+3)]:[contain-intrinsic-size:auto_900px] [&>section:nth-child(n+3)]:[content-visibility:auto]"
      >
        <HeroSection />
        <StatsSection />
        <ScenariosSection />
        <JourneySection />
        <ApiShowcaseSection />
        <OrgCtaSection />
        <RoadmapSection />
      </main>
      <SiteFooter />
    </div>
  );
}
