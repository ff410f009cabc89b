import {
  ArrowLeft,
  ArrowRight,
  Check,
  CircleCheck,
  FileSearch,
  History,
  KeyRound,
  LockKeyholeOpen,
  type LucideIcon,
  Share2,
  TimerOff,
  UserRound,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { SectionHeading } from './section-heading.tsx';

/** The six steps of spec section 1, in order. */
export const JOURNEY_STEPS: Array<{ key: string; icon: LucideIcon }> = [
  { key: 'request', icon: FileSearch },
  { key: 'create', icon: KeyRound },
  { key: 'share', icon: Share2 },
  { key: 'decrypt', icon: LockKeyholeOpen },
  { key: 'track', icon: History },
  { key: 'expire', icon: TimerOff },
];

const PANEL_ID = 'journey-panel';

export function JourneySection() {
  const { t } = useTranslation('landing');
  const [current, setCurrent] = useState(0);
  // The first step is on screen from the start, so it counts as seen.
  const [visited, setVisited] = useState<ReadonlySet<number>>(() => new Set([0]));
  const total = JOURNEY_STEPS.length;
  const percent = Math.round((visited.size / total) * 100);

  const showStep = (index: number) => {
    setCurrent(index);
    setVisited((previous) => (previous.has(index) ? previous : new Set(previous).add(index)));
  };

  const step = JOURNEY_STEPS[current]!;
  const StepIcon = step.icon;
  const progressText = t('journey.progressText', { visited: visited.size, total });

  return (
    <section
      id="journey"
      aria-labelledby="journey-title"
      className="scroll-mt-20 border-y border-slate-200 bg-white py-20"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="journey-title"
          title={t('journey.title')}
          subtitle={t('journey.subtitle')}
        />

        <div className="mx-auto mt-10 max-w-3xl">
          <div className="flex items-center justify-between gap-4 text-sm">
            <span id="journey-progress-label" className="font-medium text-slate-700">
              {t('journey.progressLabel')}
            </span>
            <span className="text-slate-600">{progressText}</span>
          </div>
          <div
            role="progressbar"
            aria-labelledby="journey-progress-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={progressText}
            className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-100"
          >
            <div
              className="h-full rounded-full bg-brand-600 transition-[width] duration-500 motion-reduce:transition-none"
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>

        <ol
          aria-label={t('journey.stepsLabel')}
          className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6"
        >
          {JOURNEY_STEPS.map(({ key }, index) => {
            const isDone = visited.has(index);
            const isCurrent = index === current;
            return (
              <li key={key}>
                <button
                  type="button"
                  onClick={() => showStep(index)}
                  aria-current={isCurrent ? 'step' : undefined}
                  aria-controls={PANEL_ID}
                  data-state={isDone ? 'done' : 'pending'}
                  className={cn(
                    'flex h-full w-full flex-col items-start gap-3 rounded-xl border p-4 text-start transition-colors',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
                    isCurrent
                      ? 'border-brand-600 bg-brand-50 ring-2 ring-brand-600/30'
                      : isDone
                        ? 'border-brand-500/50 bg-white hover:bg-brand-50/60'
                        : 'border-slate-200 bg-white hover:border-slate-300 hover:bg-slate-50',
                  )}
                >
                  <span
                    className={cn(
                      'flex size-8 items-center justify-center rounded-full text-sm font-bold',
                      isDone ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-600',
                    )}
                  >
                    {isDone ? <Check aria-hidden className="size-4" /> : index + 1}
                  </span>
                  <span className="flex flex-col gap-0.5">
                    <span className="text-xs text-slate-500">
                      {t('journey.stepNumber', { number: index + 1 })}
                    </span>
                    <span className="font-semibold text-slate-900">
                      {t(`journey.steps.${key}.title`)}
                    </span>
                    {isDone ? <span className="sr-only">{t('journey.done')}</span> : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>

        <section
          id={PANEL_ID}
          aria-live="polite"
          aria-labelledby="journey-panel-title"
          className="mt-6 rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-8"
        >
          <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
            <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-brand-700 text-white">
              <StepIcon aria-hidden className="size-7" />
            </span>
            <div className="flex-1">
              <p className="text-sm font-medium text-brand-700">
                {t('journey.stepOf', { number: current + 1, total })}
              </p>
              <h3 id="journey-panel-title" className="mt-1 text-xl font-bold text-slate-900">
                {t(`journey.steps.${step.key}.title`)}
              </h3>
              <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm text-slate-700 ring-1 ring-slate-200">
                <UserRound aria-hidden className="size-4 text-brand-700" />
                <span>
                  {t('journey.actor')}: <strong>{t(`journey.steps.${step.key}.actor`)}</strong>
                </span>
              </p>
              <p className="mt-4 max-w-3xl leading-relaxed text-slate-700">
                {t(`journey.steps.${step.key}.description`)}
              </p>
            </div>
          </div>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-5">
            {visited.size === total ? (
              <p className="flex items-center gap-2 text-sm font-medium text-brand-800">
                <CircleCheck aria-hidden className="size-5" />
                {t('journey.complete')}
              </p>
            ) : (
              <span />
            )}
            <div className="flex gap-2">
              <Button
                variant="ghost"
                size="sm"
                disabled={current === 0}
                onClick={() => showStep(current - 1)}
              >
                <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
                {t('journey.previous')}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={current === total - 1}
                onClick={() => showStep(current + 1)}
              >
                {t('journey.next')}
                <ArrowRight aria-hidden className="size-4 rtl:rotate-180" />
              </Button>
            </div>
          </div>
        </section>
      </div>
    </section>
  );
}
