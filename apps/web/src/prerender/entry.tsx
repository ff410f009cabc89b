import '../lib/i18n.ts';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';
import { loadLazyRoutes } from './lazy-routes.ts';

/**
 * The landing page `/` as HTML, in Arabic, rendered at build time by scripts/prerender.mjs with
 * the providers and route tree of src/main.tsx, so the browser paints it before any script runs
 * and then hydrates it. Data fetched at run time (the price) shows its loading state here.
 */
export async function renderLanding(): Promise<string> {
  await loadLazyRoutes(routes, '/');
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  return renderToString(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
