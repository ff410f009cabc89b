import { ArrowRight, BookOpen, Clock, Layers, type LucideIcon, Rocket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { formatCount } from '../format.ts';

type GuideLevel = 'beginner' | 'intermediate' | 'advanced';
const GUIDES: Array<{
  key: 'quickStart' | 'fullIntegration' | 'apiReference';
  minutes: number;
  level: GuideLevel;
  icon: LucideIcon;
}> = [
  { key: 'quickStart', minutes: 15, level: 'beginner', icon: Rocket },
  { key: 'fullIntegration', minutes: 45, level: 'intermediate', icon: Layers },
  { key: 'apiReference', minutes: 30, level: 'advanced', icon: BookOpen },
];

/** Points to /documentation with a teaser of its three guides. */
export function GuidesBanner() {
  const { t } = useTranslation('orgDashboard');
  return (
    <section
      aria-labelledby="org-dashboard-guides-title"
      className="rounded-2xl bg-brand-800 p-6 text-white shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-2xl space-y-2">
          <h3 id="org-dashboard-guides-title" className="text-lg font-bold">
            {t('overview.guides.title')}
          </h3>
          <p className="text-sm leading-relaxed text-brand-100">{t('overview.guides.body')}</p>
        </div>
        <Link to="/documentation" className={buttonClasses('secondary')}>
          {t('overview.guides.cta')}
          <ArrowRight aria-hidden className="size-4 rtl:rotate-180" />
        </Link>
      </div>
      <ul className="mt-6 grid gap-3 md:grid-cols-3">
        {GUIDES.map(({ key, minutes, level, icon: Icon }) => (
          <li key={key} className="flex items-start gap-3 rounded-xl bg-white/10 p-4">
            <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-100" />
            <div className="space-y-1">
              <p className="font-semibold">{t(`overview.guides.${key}`)}</p>
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-brand-100">
                <span className="inline-flex items-center gap-1">
                  <Clock aria-hidden className="size-3.5" />
                  {t('overview.guides.minutes', { count: minutes, minutes: formatCount(minutes) })}
                </span>
                <span className="rounded-full bg-brand-800 px-2 py-0.5 text-xs text-white">
                  {t(`overview.guides.levels.${level}`)}
                </span>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
