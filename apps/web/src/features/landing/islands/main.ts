import { getConfig } from '../../../lib/api/config.ts';
import { pageLanguage, storedLanguage } from '../../../lib/language-choice.ts';
import { hasOrgToken } from '../../../lib/session.ts';
import type { IslandName } from './island.tsx';
import { showPrice } from './price.ts';

// The landing page's script (a few kilobytes, no framework). The page is static HTML rendered at
// build time (src/prerender); at load this asks the server for the price and writes it in. The
// islands runtime (islands/runtime.tsx: Preact, the texts, the islands' code) is fetched only when
// an island is needed: when the visitor reaches into it, when it comes near the screen, at once
// for a reader whose language is not the page's or a signed-in organisation. So a phone's first
// seconds carry no script work beyond this file.

type Runtime = typeof import('./runtime.tsx');

/** When each island is hydrated, besides the moment the visitor points at, focuses or presses it. */
const HYDRATE: Record<IslandName, () => 'now' | 'near' | 'on use'> = {
  // A signed-in organisation's header links to its dashboard instead of the sign-in.
  header: () => (hasOrgToken() ? 'now' : 'on use'),
  journey: () => 'near',
  api: () => 'near',
};

const root = document.getElementById('root')!;
const price = getConfig().catch(() => undefined);
void price.then((config) => showPrice(root, config));

let runtime: Promise<Runtime> | undefined;
const loadRuntime = () => {
  runtime ??= import('./runtime.tsx')
    .then(async (module) => {
      await module.startIslands({ root, price, replaced: watchIslands });
      return module;
    })
    .catch((error: unknown) => {
      runtime = undefined; // a later use tries again
      throw error;
    });
  return runtime;
};

const hydrated = new WeakSet<HTMLElement>();
async function hydrate(island: HTMLElement) {
  await (await loadRuntime()).hydrateIsland(island);
  hydrated.add(island);
}

// The wrapper has no box (display: contents): its section is what comes near the screen.
const nearScreen = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      const island = entry.target.parentElement;
      if (!entry.isIntersecting || !island) continue;
      nearScreen.unobserve(entry.target);
      void hydrate(island);
    }
  },
  { rootMargin: '50% 0px' },
);

function watchIslands() {
  nearScreen.disconnect();
  for (const island of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const when = HYDRATE[island.dataset.island as IslandName]?.();
    if (when === 'now') {
      void hydrate(island);
    } else if (when === 'near' && island.firstElementChild) {
      nearScreen.observe(island.firstElementChild);
    }
  }
}

const islandOf = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLElement>('[data-island]') : null;

// The first sign of use starts the island's hydration; a press that comes before it is done is
// held and pressed again once the island answers.
for (const type of ['pointerover', 'pointerdown', 'focusin']) {
  document.addEventListener(
    type,
    (event) => {
      const island = islandOf(event.target);
      if (island && !hydrated.has(island)) void hydrate(island);
    },
    { passive: true },
  );
}
document.addEventListener(
  'click',
  (event) => {
    const island = islandOf(event.target);
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!island || !button || hydrated.has(island)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    void hydrate(island).then(() => {
      if (button.isConnected) button.click();
    });
  },
  true,
);

watchIslands();
// The server sends the page in the language of the reader's cookie; a reader who chose the other
// one without it (before the cookie existed) gets that copy as soon as the runtime has it.
if (storedLanguage() !== pageLanguage(root)) void loadRuntime();
