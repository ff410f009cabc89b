import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const STEPS = ['request', 'issue', 'track'] as const;

/** No codes yet: how a code comes to be listed here. */
export function CodesEmptyState() {
  const { t } = useTranslation('personalDashboard');
  return (
    <section
      aria-labelledby="codes-empty-title"
      className="rounded-2xl border border-dashed border-slate-300 bg-white px-5 py-10 sm:px-8"
    >
      <div className="mx-auto flex max-w-xl flex-col items-center gap-3 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Inbox aria-hidden className="size-7" />
        </span>
        <h2 id="codes-empty-title" className="text-lg font-bold text-slate-900">
          {t('empty.title')}
        </h2>
        <p className="text-sm leading-relaxed text-slate-600">{t('empty.body')}</p>
      </div>
      <ol className="mx-auto mt-6 grid max-w-3xl gap-3 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step} className="flex gap-3 rounded-xl bg-slate-50 p-4 text-sm leading-relaxed">
            <span
              aria-hidden
              className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white"
            >
              {index + 1}
            </span>
            <span className="text-slate-700">{t(`empty.steps.${step}`)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
