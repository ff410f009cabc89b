import { LockKeyhole, ReceiptText } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CheckableGuarantees,
  publicGuideContext,
} from '../../documentation/checkable-guarantees.tsx';

const TOPICS = [
  { id: 'double-lock', key: 'proofs.doubleLock.title', Icon: LockKeyhole },
  { id: 'audit-receipts', key: 'proofs.receipts.title', Icon: ReceiptText },
] as const;

/** At the top of /docs: what the two guarantees are, with links to their sections at the end. */
export function GuaranteesSummary() {
  const { t } = useTranslation('documentation');
  return (
    <section
      aria-labelledby="guarantees-summary-title"
      className="space-y-3 rounded-2xl border border-brand-700/20 bg-brand-50/40 p-4 sm:p-6"
    >
      <h2 id="guarantees-summary-title" className="text-lg font-bold text-slate-900">
        {t('proofs.title')}
      </h2>
      <p className="leading-relaxed text-slate-700">{t('proofs.intro')}</p>
      <ul className="flex flex-wrap gap-x-6 gap-y-2">
        {TOPICS.map(({ id, key, Icon }) => (
          <li key={id}>
            <a
              href={`#${id}-title`}
              className="inline-flex items-center gap-2 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              <Icon aria-hidden className="size-4 shrink-0" />
              {t(key)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The guarantees in full, as the full integration guide tells them. Memoised: typing the
 * credentials re-renders the page at every key, and this text never changes with them.
 */
export const GuaranteesSection = memo(function GuaranteesSection() {
  return (
    <div className="doc-guide space-y-8 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <CheckableGuarantees context={publicGuideContext(window.location.origin)} />
    </div>
  );
});
