import { renderToString } from 'react-dom/server';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { AppRoot } from '../app/app-root.tsx';
import { routes } from '../app/router.tsx';
import { lastRenderedTitle } from '../lib/document-title.ts';
import i18n, { type AppLanguage, landingTitle } from '../lib/i18n.ts';
import { loadLazyRoutes } from './lazy-routes.ts';

/** A page in one language: what goes into `#root`, and the texts of its `<head>`. */
export type RenderedPage = { html: string; title: string; description: string };

/**
 * The route table as a signed-out visitor's first render sees it: no guards (they read the
 * browser's storage, and run again in the browser before the app takes the page over).
 */
const withoutGuards = (table: RouteObject[]): RouteObject[] =>
  table.map((route) => {
    const copy = { ...route, loader: undefined } as RouteObject;
    if (route.children) copy.children = withoutGuards(route.children);
    return copy;
  });

/**
 * A page as HTML in one language, rendered at build time by scripts/prerender.mjs with the app's
 * own root (src/app/app-root.tsx), so the browser paints it before any script runs: the landing
 * page `/` (src/features/landing/islands then hydrates its interactive parts) and the sign-in
 * pages (the app hydrates them, src/main.tsx). `texts` are the namespaces the page reads; data
 * fetched at run time (the price) shows its loading state here.
 */
export async function renderPage(
  pathname: string,
  language: AppLanguage,
  texts: string[] = [],
): Promise<RenderedPage> {
  const table = withoutGuards(routes);
  await loadLazyRoutes(table, pathname);
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(texts);
  const router = createMemoryRouter(table, { initialEntries: [pathname] });
  if (!router.state.initialized) throw new Error(`${pathname} is not ready to render`);
  const html = renderToString(<AppRoot router={router} />);
  router.dispose();
  return {
    html,
    title: pathname === '/' ? landingTitle() : (lastRenderedTitle() ?? landingTitle()),
    description: i18n.t('common:appDescription'),
  };
}

/** The landing page `/` in one language. */
export const renderLanding = (language: AppLanguage) => renderPage('/', language);
