import { CONTACT_EMAIL } from '@tanqin/shared';
import { Building2, KeyRound, Mail, MapPin, ScrollText, Send, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BulletList, ProseSection } from '../components/prose.tsx';
import { PublicPageLayout } from '../components/public-page-layout.tsx';
import { RelatedPages } from '../components/related-pages.tsx';

const JOURNEY = [
  { key: 'issue', icon: KeyRound },
  { key: 'share', icon: Send },
  { key: 'decrypt', icon: ShieldCheck },
  { key: 'trail', icon: ScrollText },
] as const;

/** /about: the problem, the journey of a code, and the company in Riyadh. */
export function AboutPage() {
  const { t } = useTranslation('about');
  return (
    <PublicPageLayout title={t('title')} lead={<p>{t('lead')}</p>}>
      <div className="space-y-12">
        <ProseSection id="about-problem" title={t('problem.title')}>
          <p>{t('problem.body')}</p>
          <BulletList items={t('problem.points', { returnObjects: true }) as string[]} />
        </ProseSection>

        <ProseSection id="about-journey" title={t('journey.title')}>
          <p>{t('journey.intro')}</p>
          <ol className="mt-4 grid gap-4 sm:grid-cols-2">
            {JOURNEY.map((step, index) => (
              <li
                key={step.key}
                className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
              >
                <h3 className="flex items-center gap-2 text-base font-bold text-slate-900">
                  <span
                    aria-hidden
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm text-white"
                  >
                    {index + 1}
                  </span>
                  <step.icon aria-hidden className="size-5 text-brand-700" />
                  {t(`journey.steps.${step.key}.title`)}
                </h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-700">
                  {t(`journey.steps.${step.key}.body`)}
                </p>
              </li>
            ))}
          </ol>
        </ProseSection>

        <ProseSection id="about-principles" title={t('principles.title')}>
          <BulletList items={t('principles.points', { returnObjects: true }) as string[]} />
        </ProseSection>

        <ProseSection id="about-company" title={t('company.title')}>
          <p>{t('company.body')}</p>
          <ul className="space-y-2">
            <li className="flex items-center gap-2">
              <MapPin aria-hidden className="size-5 shrink-0 text-brand-700" />
              {t('company.location')}
            </li>
            <li className="flex flex-wrap items-center gap-2">
              <Mail aria-hidden className="size-5 shrink-0 text-brand-700" />
              {t('company.email')}
              <a
                href={`mailto:${CONTACT_EMAIL}`}
                dir="ltr"
                className="rounded font-medium text-brand-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                {CONTACT_EMAIL}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Building2 aria-hidden className="size-5 shrink-0 text-brand-700" />
              <Link
                to="/contact"
                className="rounded font-medium text-brand-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                {t('company.contactCta')}
              </Link>
            </li>
          </ul>
        </ProseSection>
      </div>
      <RelatedPages current="about" />
    </PublicPageLayout>
  );
}
