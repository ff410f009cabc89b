import { CONTACT_EMAIL } from '@tanqin/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePricePerCall } from '../../../lib/api/use-config.ts';
import { NoBreakTerms } from '../components/no-break-terms.tsx';
import { BulletList, ProseSection } from '../components/prose.tsx';
import { PublicPageLayout } from '../components/public-page-layout.tsx';
import { RelatedPages } from '../components/related-pages.tsx';

interface LegalSection {
  id: string;
  title: string;
  paragraphs?: string[];
  points?: string[];
}

/** A terms-style page: contents, numbered sections from `legal:<doc>.sections`, contact line. */
export function LegalDocument({ doc, intro }: { doc: 'terms' | 'privacy'; intro?: ReactNode }) {
  const { t } = useTranslation('legal');
  const { t: tPages } = useTranslation('publicPages');
  const { price } = usePricePerCall();
  const sections = t(`${doc}.sections`, { returnObjects: true, price }) as LegalSection[];
  const anchor = (id: string) => `${doc}-${id}`;
  return (
    <PublicPageLayout
      title={t(`${doc}.title`)}
      lead={
        <>
          <p>{t(`${doc}.lead`)}</p>
          <p className="mt-3 text-sm text-slate-600">
            {tPages('lastUpdated', { date: t('updated') })}
          </p>
        </>
      }
    >
      <nav
        aria-labelledby={`${doc}-toc`}
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id={`${doc}-toc`} className="text-base font-bold text-slate-900">
          {tPages('onThisPage')}
        </h2>
        <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1.5 ps-6 text-sm sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${anchor(section.id)}`}
                className="rounded text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {intro}
      <div className="mt-10 space-y-10">
        {sections.map((section, index) => (
          <ProseSection
            key={section.id}
            id={anchor(section.id)}
            title={`${index + 1}. ${section.title}`}
          >
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph}>
                <NoBreakTerms text={paragraph} />
              </p>
            ))}
            {section.points ? <BulletList items={section.points} /> : null}
          </ProseSection>
        ))}
      </div>
      <p className="mt-12 rounded-xl bg-slate-100 px-5 py-4 text-slate-700">
        {t(`${doc}.contact`)}{' '}
        <a
          href={`mailto:${CONTACT_EMAIL}`}
          dir="ltr"
          className="rounded font-medium text-brand-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {CONTACT_EMAIL}
        </a>
      </p>
      <RelatedPages current={doc} />
    </PublicPageLayout>
  );
}
