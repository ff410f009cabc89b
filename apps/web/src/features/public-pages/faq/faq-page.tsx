import { ChevronDown, MessageCircleQuestion, Search, X } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePricePerCall } from '../../../lib/api/use-config.ts';
import { NoBreakTerms } from '../components/no-break-terms.tsx';
import { PublicPageLayout } from '../components/public-page-layout.tsx';
import { RelatedPages } from '../components/related-pages.tsx';
import { matchesAllWords } from '../lib/normalize-text.ts';
import { termsOf } from '../lib/synonyms.ts';

interface FaqItem {
  id: string;
  q: string;
  a: string;
}

/** Typed words match the start of words in the question or answer, or a synonym of them. */
function matchesQuery(item: FaqItem, query: string) {
  const text = `${item.q} ${item.a}`;
  if (matchesAllWords(text, query)) return true;
  const wanted = termsOf(query);
  if (wanted.length === 0) return false;
  const terms = new Set(termsOf(text));
  return wanted.every((term) => terms.has(term));
}

/** /faq: the questions with a search box that filters as you type, announced to screen readers. */
export function FaqPage() {
  const { t } = useTranslation('faq');
  const { price } = usePricePerCall();
  const { hash } = useLocation();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const searchId = useId();
  const items = t('items', { returnObjects: true, price }) as FaqItem[];
  const visible = useMemo(
    () => items.filter((item) => matchesQuery(item, deferredQuery)),
    [items, deferredQuery],
  );
  const isSearching = deferredQuery.trim() !== '';

  return (
    <PublicPageLayout title={t('title')} lead={<p>{t('lead')}</p>}>
      <search>
        <label htmlFor={searchId} className="block text-sm font-semibold text-slate-800">
          {t('searchLabel')}
        </label>
        <div className="relative mt-2">
          <Search
            aria-hidden
            className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-slate-500"
          />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('searchPlaceholder')}
            aria-describedby={`${searchId}-status`}
            className="block w-full rounded-xl border border-slate-300 bg-white py-3 ps-11 pe-11 text-base shadow-sm placeholder:text-slate-500 focus:outline-2 focus:outline-brand-600 [&::-webkit-search-cancel-button]:hidden"
          />
          {query ? (
            <button
              type="button"
              onClick={() => setQuery('')}
              aria-label={t('clear')}
              className="absolute end-2 top-1/2 flex size-8 -translate-y-1/2 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <X aria-hidden className="size-4" />
            </button>
          ) : null}
        </div>
        <p
          id={`${searchId}-status`}
          role="status"
          aria-live="polite"
          className="mt-2 text-sm text-slate-600"
        >
          {isSearching
            ? t('results', { count: visible.length })
            : t('resultsAll', { count: items.length })}
        </p>
      </search>

      {visible.length > 0 ? (
        <ul className="mt-6 space-y-3">
          {visible.map((item) => (
            <li key={`${item.id}-${isSearching ? 'search' : 'browse'}`}>
              <details
                id={item.id}
                open={isSearching || hash === `#${item.id}` || undefined}
                className="group scroll-mt-24 rounded-2xl border border-slate-200 bg-white shadow-sm open:border-brand-700/30"
              >
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 focus-visible:outline-2 focus-visible:outline-brand-700 [&::-webkit-details-marker]:hidden">
                  <h2 className="text-base font-bold text-slate-900 sm:text-lg">{item.q}</h2>
                  <ChevronDown
                    aria-hidden
                    className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                  />
                </summary>
                <p className="px-5 pb-5 leading-loose text-slate-700">
                  <NoBreakTerms text={item.a} />
                </p>
              </details>
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <MessageCircleQuestion aria-hidden className="mx-auto size-10 text-slate-400" />
          <p className="mt-3 font-semibold text-slate-800">{t('noResults', { query })}</p>
          <p className="mt-2 text-sm text-slate-700">
            <Link
              to="/chat"
              className="rounded font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              {t('askAssistant')}
            </Link>{' '}
            {t('or')}{' '}
            <Link
              to="/contact"
              className="rounded font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              {t('contactUs')}
            </Link>
          </p>
        </div>
      )}
      <RelatedPages current="faq" />
    </PublicPageLayout>
  );
}
