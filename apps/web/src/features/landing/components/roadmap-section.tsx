import {
  Banknote,
  Briefcase,
  Building2,
  Globe2,
  HeartPulse,
  Landmark,
  type LucideIcon,
  RadioTower,
  Store,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import { SectionHeading } from './section-heading.tsx';

type Availability = 'available' | 'inDevelopment';

interface ServiceCategory {
  key: string;
  icon: LucideIcon;
  availability: Availability;
}

const GROUPS: Array<{ key: 'government' | 'private'; icon: LucideIcon; items: ServiceCategory[] }> =
  [
    {
      key: 'government',
      icon: Landmark,
      items: [
        { key: 'ministries', icon: Building2, availability: 'available' },
        { key: 'thirdParties', icon: Globe2, availability: 'available' },
        { key: 'serviceOffices', icon: Store, availability: 'inDevelopment' },
      ],
    },
    {
      key: 'private',
      icon: Briefcase,
      items: [
        { key: 'financial', icon: Banknote, availability: 'available' },
        { key: 'insurance', icon: HeartPulse, availability: 'available' },
        { key: 'telecom', icon: RadioTower, availability: 'available' },
      ],
    },
  ];

export function RoadmapSection() {
  const { t } = useTranslation('landing');
  return (
    <section
      id="roadmap"
      aria-labelledby="roadmap-title"
      className="scroll-mt-20 border-t border-slate-200 bg-white py-20"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="roadmap-title"
          title={t('roadmap.title')}
          subtitle={t('roadmap.subtitle')}
        />
        <div className="mt-12 grid gap-10 lg:grid-cols-2">
          {GROUPS.map((group) => (
            <section key={group.key} aria-labelledby={`roadmap-${group.key}`}>
              <h3
                id={`roadmap-${group.key}`}
                className="flex items-center gap-2 text-lg font-bold text-slate-900"
              >
                <group.icon aria-hidden className="size-5 text-brand-700" />
                {t(`roadmap.${group.key}.title`)}
              </h3>
              <ul className="mt-4 space-y-3">
                {group.items.map((item) => (
                  <li key={item.key}>
                    <article
                      className={cn(
                        'flex gap-4 rounded-2xl border p-5',
                        item.availability === 'available'
                          ? 'border-slate-200 bg-white'
                          : 'border-dashed border-slate-300 bg-slate-50',
                      )}
                    >
                      <span
                        className={cn(
                          'flex size-11 shrink-0 items-center justify-center rounded-xl',
                          item.availability === 'available'
                            ? 'bg-brand-50 text-brand-700'
                            : 'bg-slate-200/70 text-slate-500',
                        )}
                      >
                        <item.icon aria-hidden className="size-6" />
                      </span>
                      <div className="min-w-0 flex-1">
                        <div className="flex flex-wrap items-center justify-between gap-2">
                          <h4 className="font-bold text-slate-900">
                            {t(`roadmap.${group.key}.${item.key}.title`)}
                          </h4>
                          <AvailabilityStatus availability={item.availability} />
                        </div>
                        <p className="mt-1.5 text-sm leading-relaxed text-slate-600">
                          {t(`roadmap.${group.key}.${item.key}.body`)}
                        </p>
                      </div>
                    </article>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </section>
  );
}

/** Available services say so in text; upcoming ones carry a "coming soon" badge and their state. */
function AvailabilityStatus({ availability }: { availability: Availability }) {
  const { t } = useTranslation('landing');
  if (availability === 'available') {
    return (
      <span className="inline-flex items-center gap-1.5 text-sm font-medium text-green-700">
        <span aria-hidden className="size-2 rounded-full bg-green-600" />
        {t('roadmap.available')}
      </span>
    );
  }
  return (
    <span className="flex items-center gap-2">
      <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold text-amber-900 ring-1 ring-amber-200">
        {t('roadmap.comingSoon')}
      </span>
      <span className="text-sm font-medium text-slate-600">{t('roadmap.inDevelopment')}</span>
    </span>
  );
}
