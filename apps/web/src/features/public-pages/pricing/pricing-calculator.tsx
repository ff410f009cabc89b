import { Calculator } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import { costOf, formatCount, formatDecimal, parseCallCount } from './money.ts';

const PRESETS = [1_000n, 10_000n, 100_000n, 1_000_000n];
const MONTHS_PER_YEAR = 12n;

/** Calls per month -> monthly and yearly cost at the given price, exact to the thousandth. */
export function PricingCalculator({ price }: { price: string }) {
  const { t, i18n } = useTranslation('pricing');
  const language = i18n.language;
  const inputId = useId();
  const [text, setText] = useState('10000');
  const parsed = parseCallCount(text);
  const error = parsed.ok ? undefined : t(`calculator.${parsed.reason}`);
  const calls = parsed.ok ? parsed.value : 0n;
  const priceDecimals = price.includes('.') ? price.split('.')[1]!.length : 0;

  return (
    <section
      aria-labelledby="calculator-title"
      className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2
        id="calculator-title"
        className="flex items-center gap-2 text-2xl font-bold text-slate-900"
      >
        <Calculator aria-hidden className="size-6 text-brand-700" />
        {t('calculator.title')}
      </h2>
      <p className="mt-2 leading-relaxed text-slate-700">{t('calculator.intro')}</p>
      <div className="mt-6 grid gap-8 lg:grid-cols-2">
        <div className="space-y-4">
          <div className="space-y-1.5">
            <label htmlFor={inputId} className="block text-sm font-semibold text-slate-800">
              {t('calculator.callsLabel')}
            </label>
            <input
              id={inputId}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              dir="ltr"
              value={text}
              onChange={(event) => setText(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
              className={cn(
                'block w-full rounded-xl border bg-white px-4 py-3 text-lg font-semibold text-slate-900 shadow-sm rtl:text-right focus:outline-2',
                error
                  ? 'border-red-600 focus:outline-red-600'
                  : 'border-slate-300 focus:outline-brand-600',
              )}
            />
            {error ? (
              <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700">
                {error}
              </p>
            ) : (
              <p id={`${inputId}-hint`} className="text-xs text-slate-600">
                {t('calculator.callsHint')}
              </p>
            )}
          </div>
          <fieldset>
            <legend className="text-sm font-semibold text-slate-800">
              {t('calculator.presetsLabel')}
            </legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {PRESETS.map((preset) => (
                <button
                  key={preset.toString()}
                  type="button"
                  onClick={() => setText(preset.toString())}
                  aria-pressed={parsed.ok && parsed.value === preset}
                  className="rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-600 aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700"
                >
                  {formatCount(preset, language)}
                </button>
              ))}
            </div>
          </fieldset>
        </div>
        <div className="rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-700/15">
          <p className="text-sm font-semibold text-brand-900">{t('calculator.resultLabel')}</p>
          <output
            htmlFor={inputId}
            aria-live="polite"
            data-testid="monthly-cost"
            className="mt-1 block text-3xl font-bold break-words text-brand-900 sm:text-4xl"
          >
            {t('calculator.resultValue', { amount: formatDecimal(costOf(calls, price), language) })}
          </output>
          <p className="mt-2 text-sm break-words text-slate-700">
            {t('calculator.formula', {
              calls: formatCount(calls, language),
              price: formatDecimal(price, language, priceDecimals),
            })}
          </p>
          <dl className="mt-4 border-t border-brand-700/15 pt-4 text-sm">
            <dt className="font-semibold text-brand-900">{t('calculator.yearlyLabel')}</dt>
            <dd
              data-testid="yearly-cost"
              className="mt-1 text-lg font-bold break-words text-slate-900"
            >
              {t('calculator.resultValue', {
                amount: formatDecimal(costOf(calls * MONTHS_PER_YEAR, price), language),
              })}
            </dd>
          </dl>
          <p className="mt-3 text-sm text-slate-700">
            {t('calculator.codesHint', { codes: formatCount(calls / 2n, language) })}
          </p>
        </div>
      </div>
    </section>
  );
}
