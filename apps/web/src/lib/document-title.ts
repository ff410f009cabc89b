import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The tab's title in the reader's language: "<parts> | Tanqin", or without parts the landing
 * page's "Tanqin | Temporary Identity". Every route's page calls it: the HTML's own `<title>` is
 * Arabic, and a page that set none would keep the title of the page before it.
 */
export function useDocumentTitle(...parts: string[]) {
  const { t } = useTranslation('common');
  const title =
    parts.length > 0 ? [...parts, t('appName')].join(' | ') : `${t('appName')} | ${t('appTitle')}`;
  if (import.meta.env.SSR) renderedTitle = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

let renderedTitle: string | undefined;

/** The title the last render at build time asked for (src/prerender/entry.tsx writes it in). */
export const lastRenderedTitle = () => renderedTitle;
