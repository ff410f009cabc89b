import { CheckCircle2, CircleSlash, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { useConfig, usePricePerCall } from '../../../lib/api/use-config.ts';
import { PublicPageLayout } from '../components/public-page-layout.tsx';
import { RelatedPages } from '../components/related-pages.tsx';
import { PricingCalculator } from './pricing-calculator.tsx';

/** /pricing: the one real price (the server's PRICE_PER_CALL) and the monthly cost calculator. */
export function PricingPage() {
  const { t } = useTranslation('pricing');
  const { price, isPending } = usePricePerCall();
  const { isError } = useConfig();
  return (
    <PublicPageLayout title={t('title')} lead={<p>{t('lead')}</p>} width="wide">
      <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
        <section
          aria-labelledby="price-label"
          aria-busy={isPending || undefined}
          data-testid="price-card"
          className="flex flex-col justify-center rounded-3xl bg-brand-900 p-8 text-white shadow-sm"
        >
          <h2 id="price-label" className="text-base font-semibold text-brand-100">
            {t('price.label')}
          </h2>
          <p className="mt-2 text-4xl font-bold sm:text-5xl">
            {isPending ? (
              <span className="text-2xl text-brand-100">{t('price.loading')}</span>
            ) : (
              t('price.value', { price })
            )}
          </p>
          <p className="mt-2 text-brand-100">{t('price.per')}</p>
          {isError ? <p className="mt-4 text-sm text-amber-100">{t('price.fallback')}</p> : null}
        </section>
        <div className="grid gap-6 sm:grid-cols-2">
          <section
            aria-labelledby="billed-title"
            className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 id="billed-title" className="text-lg font-bold text-slate-900">
              {t('billed.title')}
            </h2>
            <ul className="mt-4 space-y-3 text-sm leading-relaxed text-slate-700">
              {(
                t('billed.items', { returnObjects: true }) as Array<{
                  text: string;
                  endpoint: string;
                }>
              ).map((item) => (
                <li key={item.endpoint} className="flex gap-2">
                  <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
                  <span className="min-w-0">
                    {item.text}
                    <code
                      dir="ltr"
                      className="mt-1 block w-fit max-w-full rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs break-all text-slate-800"
                    >
                      {item.endpoint}
                    </code>
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <section
            aria-labelledby="free-title"
            className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 id="free-title" className="text-lg font-bold text-slate-900">
              {t('free.title')}
            </h2>
            <ul className="mt-4 space-y-3 text-sm leading-relaxed text-slate-700">
              {(t('free.items', { returnObjects: true }) as string[]).map((item) => (
                <li key={item} className="flex gap-2">
                  <CircleSlash aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
                  <span className="min-w-0 break-words">{item}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>

      <div className="mt-10">{isPending ? null : <PricingCalculator price={price} />}</div>

      <p className="mt-8 flex items-start gap-2 text-slate-700">
        <Wallet aria-hidden className="mt-1 size-5 shrink-0 text-brand-700" />
        {t('wallet')}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/org-auth?tab=signup" className={buttonClasses('primary', 'lg')}>
          {t('cta.signup')}
        </Link>
        <Link to="/faq#billing" className={buttonClasses('secondary', 'lg')}>
          {t('cta.faq')}
        </Link>
      </div>
      <RelatedPages current="pricing" />
    </PublicPageLayout>
  );
}
