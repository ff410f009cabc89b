import {
  Banknote,
  Briefcase,
  Building2,
  CheckCircle2,
  Clock3,
  Globe2,
  HeartPulse,
  Landmark,
  type LucideIcon,
  RadioTower,
  Store,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { PublicPageLayout } from '../components/public-page-layout.tsx';
import { RelatedPages } from '../components/related-pages.tsx';

type Availability = 'available' | 'inDevelopment';

/** The roadmap of spec section 1, as the landing page shows it: same categories, same statuses. */
const GROUPS: Array<{
  key: 'government' | 'private';
  icon: LucideIcon;
  items: Array<{ key: string; icon: LucideIcon; availability: Availability }>;
}> = [
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

function StatusBadge({ availability }: { availability: Availability }) {
  const { t } = useTranslation('servicesGuide');
  return availability === 'available' ? (
    <Badge tone="green">
      <CheckCircle2 aria-hidden className="size-3.5" />
      {t('status.available')}
    </Badge>
  ) : (
    <span className="flex flex-wrap items-center gap-2">
      <Badge tone="amber">{t('status.comingSoon')}</Badge>
      <span className="inline-flex items-center gap-1 text-xs font-semibold text-amber-900">
        <Clock3 aria-hidden className="size-3.5" />
        {t('status.inDevelopment')}
      </span>
    </span>
  );
}

/** /services-guide: the service categories of the roadmap with their statuses and uses. */
export function ServicesGuidePage() {
  const { t } = useTranslation('servicesGuide');
  return (
    <PublicPageLayout title={t('title')} lead={<p>{t('lead')}</p>} width="wide">
      <section
        aria-labelledby="guide-legend"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="guide-legend" className="text-base font-bold text-slate-900">
          {t('legendTitle')}
        </h2>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
          {(['available', 'inDevelopment'] as const).map((availability) => (
            <div key={availability} className="flex flex-col gap-1.5">
              <dt>
                <StatusBadge availability={availability} />
              </dt>
              <dd className="text-slate-700">{t(`legend.${availability}`)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <div className="mt-12 space-y-14">
        {GROUPS.map((group) => {
          const available = group.items.filter((item) => item.availability === 'available');
          return (
            <section key={group.key} aria-labelledby={`guide-${group.key}`}>
              <div className="flex flex-wrap items-end justify-between gap-2">
                <div>
                  <h2
                    id={`guide-${group.key}`}
                    className="flex items-center gap-2 text-2xl font-bold text-slate-900"
                  >
                    <group.icon aria-hidden className="size-6 text-brand-700" />
                    {t(`groups.${group.key}.title`)}
                  </h2>
                  <p className="mt-2 text-slate-700">{t(`groups.${group.key}.intro`)}</p>
                </div>
                <p className="text-sm font-medium text-slate-600">
                  {t('counts', { available: available.length, total: group.items.length })}
                </p>
              </div>
              <ul className="mt-6 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
                {group.items.map((item) => (
                  <li key={item.key}>
                    <article
                      aria-labelledby={`guide-item-${item.key}`}
                      className={cn(
                        'flex h-full flex-col rounded-2xl border p-5',
                        item.availability === 'available'
                          ? 'border-slate-200 bg-white shadow-sm'
                          : 'border-dashed border-amber-300 bg-amber-50/40',
                      )}
                    >
                      <div className="flex items-start justify-between gap-3">
                        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                          <item.icon aria-hidden className="size-6" />
                        </span>
                        <StatusBadge availability={item.availability} />
                      </div>
                      <h3
                        id={`guide-item-${item.key}`}
                        className="mt-4 text-lg font-bold text-slate-900"
                      >
                        {t(`items.${item.key}.title`)}
                      </h3>
                      <p className="mt-2 text-sm leading-relaxed text-slate-700">
                        {t(`items.${item.key}.body`)}
                      </p>
                      <h4 className="mt-4 text-sm font-semibold text-slate-900">
                        {t('useCasesLabel')}
                      </h4>
                      <ul className="mt-2 list-disc space-y-1.5 ps-5 text-sm leading-relaxed text-slate-700 marker:text-brand-600">
                        {(t(`items.${item.key}.useCases`, { returnObjects: true }) as string[]).map(
                          (useCase) => (
                            <li key={useCase}>{useCase}</li>
                          ),
                        )}
                      </ul>
                    </article>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>

      <section
        aria-labelledby="guide-start"
        className="mt-14 rounded-3xl bg-brand-900 px-6 py-8 text-white sm:px-10"
      >
        <h2 id="guide-start" className="text-2xl font-bold">
          {t('start.title')}
        </h2>
        <ol className="mt-4 list-decimal space-y-2 ps-6 leading-relaxed text-brand-50">
          {(t('start.steps', { returnObjects: true }) as string[]).map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/org-auth?tab=signup" className={buttonClasses('secondary', 'lg')}>
            {t('start.signup')}
          </Link>
          <Link
            to="/pricing"
            className="inline-flex h-12 items-center rounded-lg px-5 font-semibold text-white underline-offset-4 ring-1 ring-white/40 ring-inset hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {t('start.pricing')}
          </Link>
          <Link
            to="/contact"
            className="inline-flex h-12 items-center rounded-lg px-2 font-semibold text-white underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-white"
          >
            {t('start.contact')}
          </Link>
        </div>
      </section>
      <RelatedPages current="servicesGuide" />
    </PublicPageLayout>
  );
}
