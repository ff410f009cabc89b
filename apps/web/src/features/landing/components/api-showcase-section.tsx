import { BadgeCheck, BookOpen, Check, Lock } from 'lucide-react';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { usePricePerCall } from '../../../lib/api/use-config.ts';
import { useBrowserValue } from '../../../lib/use-browser-value.ts';
import { curlSample, sampleResponse, sdkSample } from './api-samples.ts';
import { SectionHeading } from './section-heading.tsx';

const browserOrigin = () => window.location.origin;
const PRERENDER_ORIGIN = 'https://tanqin.sa';

const POINTS = ['rest', 'auth', 'sdk', 'audience'] as const;

export function ApiShowcaseSection() {
  const { t } = useTranslation('landing');
  const { price } = usePricePerCall();
  // The pre-rendered HTML (apps/web/src/prerender) cannot know the origin: it shows the
  // production address until the page hydrates with the browser's own.
  const baseUrl = useBrowserValue(browserOrigin, PRERENDER_ORIGIN);
  const samples = [
    { value: 'curl', label: t('api.curl'), code: curlSample(baseUrl) },
    { value: 'typescript', label: t('api.typescript'), code: sdkSample(baseUrl) },
  ];

  return (
    <section id="api" aria-labelledby="api-title" className="scroll-mt-20 py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="api-title" title={t('api.title')} subtitle={t('api.subtitle')} />

        <div className="mt-12 grid gap-8 lg:grid-cols-[5fr_7fr]">
          <div className="space-y-6 self-start lg:sticky lg:top-24">
            <ul className="space-y-3">
              {POINTS.map((point) => (
                <li key={point} className="flex items-start gap-3 text-slate-700">
                  <Check aria-hidden className="mt-1 size-5 shrink-0 text-brand-700" />
                  <span className="leading-relaxed">{t(`api.points.${point}`)}</span>
                </li>
              ))}
              <li className="flex items-start gap-3 text-slate-700">
                <Check aria-hidden className="mt-1 size-5 shrink-0 text-brand-700" />
                <span className="leading-relaxed" data-price={price}>
                  {t('api.points.billing', { price })}
                </span>
              </li>
            </ul>
            <p className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm font-medium text-amber-900">
              <Lock aria-hidden className="mt-0.5 size-5 shrink-0" />
              {t('api.registeredOnly')}
            </p>
            <Link to="/docs" className={buttonClasses('secondary', 'md')}>
              <BookOpen aria-hidden className="size-4" />
              {t('api.docs')}
            </Link>
          </div>

          <div className="min-w-0 overflow-hidden rounded-2xl bg-slate-900 shadow-xl ring-1 ring-slate-800">
            <Tabs.Root defaultValue="curl">
              <div className="flex flex-wrap items-center justify-between gap-3 border-b border-white/10 px-4 py-3">
                <span className="ltr-island flex items-center gap-2 font-mono text-sm text-slate-200">
                  <span className="rounded bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">
                    POST
                  </span>
                  /v1/tokens/generate
                </span>
                <Tabs.List aria-label={t('api.samplesLabel')} className="flex gap-1">
                  {samples.map((sample) => (
                    <Tabs.Trigger
                      key={sample.value}
                      value={sample.value}
                      className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-500 data-[state=active]:bg-white/10 data-[state=active]:text-white"
                    >
                      {sample.label}
                    </Tabs.Trigger>
                  ))}
                </Tabs.List>
              </div>
              {samples.map((sample) => (
                <Tabs.Content
                  key={sample.value}
                  value={sample.value}
                  className="focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  <CodeBlock
                    title={t('api.request')}
                    code={sample.code}
                    copyLabel={t('api.copyRequest')}
                  />
                </Tabs.Content>
              ))}
            </Tabs.Root>
            <div className="border-t border-white/10">
              <CodeBlock
                title={t('api.response')}
                code={sampleResponse}
                copyLabel={t('api.copyResponse')}
                badge={
                  <span className="inline-flex items-center gap-1 rounded bg-green-500/15 px-2 py-0.5 font-mono text-xs font-bold text-green-300">
                    <BadgeCheck aria-hidden className="size-3.5" />
                    <span className="ltr-island">201 Created</span>
                  </span>
                }
              />
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

function CodeBlock({
  title,
  code,
  copyLabel,
  badge,
}: {
  title: string;
  code: string;
  copyLabel: string;
  badge?: ReactNode;
}) {
  return (
    <figure className="p-4">
      <figcaption className="mb-3 flex items-center justify-between gap-3">
        <span className="flex items-center gap-2 text-sm font-semibold text-slate-200">
          {title}
          {badge}
        </span>
        <CopyButton value={code} label={copyLabel} />
      </figcaption>
      <section
        aria-label={title}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="ltr-island overflow-x-auto rounded-xl bg-black/30 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <pre className="w-max min-w-full p-4 font-mono text-xs leading-relaxed sm:text-[13px] text-slate-100">
          <code>{code}</code>
        </pre>
      </section>
    </figure>
  );
}
