import './index.css';
import './lib/i18n.ts';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root.tsx';
import { startEarlyQueries } from './app/early-queries.ts';
import { newQueryClient } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import {
  dropPrerendered,
  finishTakeOver,
  keepTypedFields,
  prerenderedPage,
  readyToHydrate,
} from './app/take-over.ts';

// Every page but the landing page, which is served pre-rendered with its own small script
// (src/prerender, src/features/landing/islands); a link inside the app to `/` renders it here.
// The sign-in pages come pre-rendered too (scripts/prerender.mjs): the app hydrates their HTML,
// keeping what was typed into it, unless it is not this visitor's page (src/app/take-over.ts).
// The dashboard comes as its frame (no data), started right after its first paint: the app
// hydrates it once its route and texts are in, in a transition (in slices that leave the main
// thread free between them), and its data shows right after (src/lib/hydrating.ts).
const root = document.getElementById('root')!;
const queryClient = newQueryClient();
const page = prerenderedPage();

function start() {
  const router = createAppRouter();
  const render = () => {
    dropPrerendered(root);
    createRoot(root).render(<AppRoot router={router} queryClient={queryClient} />);
  };
  if (!page) return render();
  const restoreTyped = keepTypedFields(root);
  void readyToHydrate(router, page).then((matches) => {
    if (!matches) return render();
    let done = false;
    const onCommitted = () => {
      if (done) return;
      done = true;
      restoreTyped();
      setTimeout(() => finishTakeOver(root));
    };
    const hydrate = () => {
      hydrateRoot(
        root,
        <AppRoot router={router} queryClient={queryClient} onCommitted={onCommitted} />,
      );
    };
    // The frame in a transition: React hydrates it in slices, the main thread free between them.
    if (page.start === 'painted') startTransition(hydrate);
    else hydrate();
  }, render);
}

// With a frame on screen, the early queries and then the router (the route's guard and code)
// start in tasks of their own after this module's: each stays short enough not to hold a phone's
// main thread.
if (page?.start === 'painted') {
  setTimeout(() => {
    startEarlyQueries(queryClient);
    setTimeout(start);
  });
} else {
  startEarlyQueries(queryClient);
  start();
}
