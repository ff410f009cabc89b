import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SiteFooter } from '../../../components/site-footer.tsx';
import { SiteHeader } from '../../../components/site-header.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';

/**
 * The frame of every footer page: the landing page's header and footer, a skip link, a
 * breadcrumb and the page's one h1 with its lead paragraph. Sections below use h2, then h3.
 */
export function PublicPageLayout({
  title,
  lead,
  children,
  width = 'prose',
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  /** `prose` for reading pages, `wide` for grids and tools. */
  width?: 'prose' | 'wide';
}) {
  const { t } = useTranslation('publicPages');
  useDocumentTitle(title);
  const widthClass = width === 'prose' ? 'max-w-3xl' : 'max-w-6xl';
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-800 focus:shadow-lg"
      >
        {t('skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <div className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
          <div className={`mx-auto ${widthClass} px-4 pt-8 pb-10 sm:px-6 sm:pt-10 sm:pb-12`}>
            <nav aria-label={t('breadcrumb')}>
              <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
                <li className="flex items-center gap-1">
                  <Link
                    to="/"
                    className="rounded hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
                  >
                    {t('home')}
                  </Link>
                  <ChevronLeft aria-hidden className="size-4 ltr:rotate-180" />
                </li>
                <li aria-current="page" className="font-medium text-slate-800">
                  {title}
                </li>
              </ol>
            </nav>
            <h1 className="mt-4 text-3xl font-bold leading-tight text-slate-900 sm:text-4xl">
              {title}
            </h1>
            {lead ? (
              <div className="mt-4 max-w-3xl text-base leading-relaxed text-slate-700 sm:text-lg">
                {lead}
              </div>
            ) : null}
          </div>
        </div>
        <div className={`mx-auto ${widthClass} px-4 py-10 sm:px-6 sm:py-14`}>{children}</div>
      </main>
      <SiteFooter />
    </div>
  );
}
