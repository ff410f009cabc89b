import {
  ArrowRight,
  Clock,
  KeyRound,
  LogIn,
  type LucideIcon,
  Plug,
  ShieldCheck,
  Sparkles,
  UserPlus,
  UserRound,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { SAMPLE_CODE } from './api-samples.ts';

const FEATURES: Array<{ key: string; icon: LucideIcon }> = [
  { key: 'protection', icon: ShieldCheck },
  { key: 'integration', icon: Plug },
  { key: 'unique', icon: KeyRound },
];

export function HeroSection() {
  const { t } = useTranslation('landing');
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-linear-to-b from-brand-50 via-white to-slate-50"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-8 pb-10 sm:px-6 sm:pt-14 lg:grid-cols-[1.15fr_0.85fr] lg:pt-20">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-medium text-brand-800 shadow-sm">
            <Sparkles aria-hidden className="size-4 text-brand-600" />
            {t('hero.eyebrow')}
          </p>
          <h1
            id="hero-title"
            className="mt-4 text-4xl leading-tight sm:mt-5 font-bold text-slate-900 sm:text-5xl sm:leading-tight"
          >
            {t('hero.title')}
          </h1>
          <p className="mt-4 max-w-xl text-lg sm:mt-5 leading-relaxed text-slate-600">
            {t('hero.subtitle')}
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:mt-8 sm:flex-row">
            <Link to="/signup" className={buttonClasses('primary', 'lg')}>
              <UserPlus aria-hidden className="size-5" />
              {t('hero.signup')}
            </Link>
            <Link to="/org-auth" className={buttonClasses('secondary', 'lg')}>
              {t('hero.login')}
              <ArrowRight aria-hidden className="size-5 rtl:rotate-180" />
            </Link>
          </div>
          <PersonWayIn />
        </div>
        <SampleCodeCard />
      </div>

      <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <h2 className="sr-only">{t('hero.featuresLabel')}</h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {FEATURES.map(({ key, icon: Icon }) => (
            <li
              key={key}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon aria-hidden className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-bold text-slate-900">
                {t(`hero.features.${key}.title`)}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">
                {t(`hero.features.${key}.body`)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * A person's own way in, on the first screen of a phone (issue 32.8): the buttons above are the
 * organisations' (the spec's), and the header's small link alone was easy to miss.
 */
function PersonWayIn() {
  const { t } = useTranslation('landing');
  return (
    <section
      aria-labelledby="hero-person-title"
      className="mt-4 rounded-2xl border border-brand-100 bg-white/80 p-3 shadow-sm sm:mt-6 sm:p-4"
    >
      <h2
        id="hero-person-title"
        className="flex items-center gap-2 text-base font-bold text-slate-900"
      >
        <UserRound aria-hidden className="size-5 text-brand-700" />
        {t('hero.person.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('hero.person.body')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to="/register" className={buttonClasses('primary', 'md')}>
          {t('hero.person.register')}
        </Link>
        <Link to="/login" className={buttonClasses('secondary', 'md')}>
          <LogIn aria-hidden className="size-4 rtl:rotate-180" />
          {t('hero.person.login')}
        </Link>
      </div>
    </section>
  );
}

/** A picture of what a person shares instead of their data (decorative, but readable). */
function SampleCodeCard() {
  const { t } = useTranslation('landing');
  return (
    <figure
      aria-label={t('hero.sample.label')}
      className="relative mx-auto w-full max-w-md rounded-3xl bg-brand-900 p-6 text-white shadow-xl ring-1 ring-brand-800 sm:p-8"
    >
      <div className="flex items-center justify-between gap-3">
        <span className="flex items-center gap-2 text-sm font-semibold text-brand-100">
          <ShieldCheck aria-hidden className="size-5" />
          {t('hero.sample.title')}
        </span>
        <span className="rounded-full bg-white/10 px-3 py-1 text-xs font-medium text-brand-50">
          {t('hero.sample.singleUse')}
        </span>
      </div>
      <p className="ltr-island mt-6 text-center font-mono text-xl font-bold tracking-wide whitespace-nowrap text-white sm:text-2xl">
        {SAMPLE_CODE}
      </p>
      <ul className="mt-6 space-y-2 border-t border-white/15 pt-5 text-sm text-brand-50">
        <li>{t('hero.sample.audience')}</li>
        <li>{t('hero.sample.fields')}</li>
      </ul>
      <div className="mt-5 flex flex-wrap gap-2 text-xs">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-white/10 px-3 py-1">
          <Clock aria-hidden className="size-3.5" />
          {t('hero.sample.expires')}
        </span>
        <span className="inline-flex items-center gap-1.5 rounded-full bg-white/10 px-3 py-1">
          <ShieldCheck aria-hidden className="size-3.5" />
          {t('hero.sample.encrypted')}
        </span>
      </div>
    </figure>
  );
}
