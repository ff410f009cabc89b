import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';
import i18n, { type AppLanguage, landingTitle } from '../lib/i18n.ts';
import { loadLazyRoutes } from './lazy-routes.ts';

/** The landing page in one language: its `<main>` and the texts of its `<head>`. */
export type RenderedLanding = { html: string; title: string; description: string };

/**
 * The landing page `/` as HTML in one language, rendered at build time by scripts/prerender.mjs
 * with the app's providers and route tree, so the browser paints it before any script runs;
 * src/features/landing/islands then hydrates its interactive parts. Data fetched at run time (the
 * price) shows its loading state here.
 */
export async function renderLanding(language: AppLanguage): Promise<RenderedLanding> {
  await loadLazyRoutes(routes, '/');
  await i18n.changeLanguage(language);
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  const html = renderToString(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return {
    html,
    title: landingTitle(),
    description: i18n.t('common:appDescription'),
  };
}
