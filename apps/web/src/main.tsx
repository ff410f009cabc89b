import './index.css';
import './lib/i18n.ts';
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
const root = document.getElementById('root')!;
const queryClient = newQueryClient();
startEarlyQueries(queryClient);
const router = createAppRouter();

function render() {
  dropPrerendered(root);
  createRoot(root).render(<AppRoot router={router} queryClient={queryClient} />);
}

const page = prerenderedPage();
if (!page) render();
else {
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
    hydrateRoot(
      root,
      <AppRoot router={router} queryClient={queryClient} onCommitted={onCommitted} />,
    );
  }, render);
}
