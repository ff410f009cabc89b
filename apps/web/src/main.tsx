import './lib/i18n.ts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter, routes } from './app/router.tsx';
import { currentLanguage, languageReady } from './lib/i18n.ts';
import { loadLazyRoutes } from './prerender/lazy-routes.ts';

const container = document.getElementById('root')!;

function app() {
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>
  );
}

// The server sends `/` with the landing page already in its HTML (src/prerender, in Arabic),
// and every other path with an empty root. Over that HTML the app starts once the landing
// route's module is here, so its first render is the page, never an empty screen.
if (container.firstElementChild && window.location.pathname === '/') {
  void loadLazyRoutes(routes, '/').then(async () => {
    if (currentLanguage() === 'ar') {
      // Hydrated in one go, not in a transition: a time-sliced hydration on a slow machine let
      // other updates interleave with it and React then reported a text mismatch.
      hydrateRoot(container, app());
    } else {
      // A reader who chose English sees the Arabic HTML until the English texts are here.
      await languageReady;
      createRoot(container).render(app());
    }
  });
} else {
  createRoot(container).render(app());
}
