import {
  CircleCheck,
  Globe2,
  type LucideIcon,
  MessageSquareWarning,
  PhoneOff,
  TriangleAlert,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading.tsx';

const SCENARIOS: Array<{ key: string; icon: LucideIcon }> = [
  { key: 'socialChannels', icon: MessageSquareWarning },
  { key: 'impersonation', icon: PhoneOff },
  { key: 'foreignParties', icon: Globe2 },
];

export function ScenariosSection() {
  const { t } = useTranslation('landing');
  return (
    <section id="scenarios" aria-labelledby="scenarios-title" className="scroll-mt-20 py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="scenarios-title"
          title={t('scenarios.title')}
          subtitle={t('scenarios.subtitle')}
        />
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {SCENARIOS.map(({ key, icon: Icon }) => (
            <li
              key={key}
              className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
            >
              <article className="flex flex-1 flex-col">
                <div className="flex items-center gap-3 border-b border-slate-100 p-6">
                  <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-amber-50 text-amber-700">
                    <Icon aria-hidden className="size-6" />
                  </span>
                  <h3 className="text-lg font-bold text-slate-900">
                    {t(`scenarios.${key}.title`)}
                  </h3>
                </div>
                <div className="flex-1 space-y-2 p-6">
                  <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-amber-800">
                    <TriangleAlert aria-hidden className="size-4" />
                    {t('scenarios.problemLabel')}
                  </p>
                  <p className="text-sm leading-relaxed text-slate-600">
                    {t(`scenarios.${key}.problem`)}
                  </p>
                </div>
                <div className="space-y-2 border-t border-brand-100 bg-brand-50/70 p-6">
                  <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-brand-800">
                    <CircleCheck aria-hidden className="size-4" />
                    {t('scenarios.solutionLabel')}
                  </p>
                  <p className="text-sm leading-relaxed text-slate-700">
                    {t(`scenarios.${key}.solution`)}
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
