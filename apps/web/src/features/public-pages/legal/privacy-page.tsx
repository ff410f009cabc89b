import { ShieldOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NoBreakTerms } from '../components/no-break-terms.tsx';
import { LegalDocument } from './legal-document.tsx';

/** /privacy: what the platform stores and what it never does, as the code really does it. */
export function PrivacyPage() {
  const { t } = useTranslation('legal');
  return (
    <LegalDocument
      doc="privacy"
      intro={
        <section
          aria-labelledby="privacy-never"
          className="mt-8 rounded-2xl border border-brand-700/20 bg-brand-50 p-6"
        >
          <h2
            id="privacy-never"
            className="flex items-center gap-2 text-xl font-bold text-brand-900"
          >
            <ShieldOff aria-hidden className="size-6 shrink-0 text-brand-700" />
            {t('privacy.neverTitle')}
          </h2>
          <ul className="mt-4 list-disc space-y-2 ps-6 leading-loose text-slate-800 marker:text-brand-700">
            {(t('privacy.never', { returnObjects: true }) as string[]).map((item) => (
              <li key={item}>
                <NoBreakTerms text={item} />
              </li>
            ))}
          </ul>
        </section>
      }
    />
  );
}
