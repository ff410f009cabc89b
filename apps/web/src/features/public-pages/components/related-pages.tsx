import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const PAGES = [
  { to: '/about', key: 'about' },
  { to: '/services-guide', key: 'servicesGuide' },
  { to: '/pricing', key: 'pricing' },
  { to: '/faq', key: 'faq' },
  { to: '/chat', key: 'chat' },
  { to: '/contact', key: 'contact' },
  { to: '/terms', key: 'terms' },
  { to: '/privacy', key: 'privacy' },
] as const;

export type PublicPageKey = (typeof PAGES)[number]['key'];

/** Links to the other footer pages, at the end of each (the current one left out). */
export function RelatedPages({ current }: { current: PublicPageKey }) {
  const { t } = useTranslation('publicPages');
  return (
    <nav aria-labelledby="related-pages" className="mt-14 border-t border-slate-200 pt-8">
      <h2 id="related-pages" className="text-lg font-bold text-slate-900">
        {t('related.title')}
      </h2>
      <ul className="mt-4 flex flex-wrap gap-2">
        {PAGES.filter((page) => page.key !== current).map((page) => (
          <li key={page.key}>
            <Link
              to={page.to}
              className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:border-brand-600 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              {t(`related.${page.key}`)}
              <ArrowLeft aria-hidden className="size-3.5 ltr:rotate-180" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
