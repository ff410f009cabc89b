import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Direction } from 'radix-ui';
import type { ComponentType } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { SiteHeader } from '../../../components/site-header.tsx';
import { Toaster } from '../../../components/ui/toast.tsx';
import { configQueryKey, type PublicConfig } from '../../../lib/api/config.ts';
import i18n, {
  type AppLanguage,
  applyToDocument,
  currentLanguage,
  documentLanguageFollowsPage,
  isAppLanguage,
  LANGUAGES,
  landingTitle,
  languageReady,
} from '../../../lib/i18n.ts';
import { pageLanguage } from '../../../lib/language-choice.ts';
import type { IslandName } from './island.tsx';
import { showPrice } from './price.ts';

// The islands runtime, loaded by islands/main.ts when the first island is needed. Built with
// Preact standing in for React (vite.config.ts, mode islands): the island components are the
// app's own, hydrated in place over the pre-rendered HTML. It also switches the page's language:
// the other language's pre-rendered copy, fetched and swapped in whole.

/** Where each island's code comes from: the header's is here, the sections' are their own chunks. */
const ISLAND_CODE: Record<IslandName, () => Promise<ComponentType>> = {
  header: async () => SiteHeader,
  journey: () =>
    import('../components/journey-section.tsx').then((module) => module.JourneySection),
  api: () =>
    import('../components/api-showcase-section.tsx').then((module) => module.ApiShowcaseSection),
};

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 } },
});
const roots = new Map<HTMLElement, Root>();
const hydrating = new Map<HTMLElement, Promise<void>>();

/** Hydrates one island, once; resolves when its buttons answer. */
export function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island;
  let pending = hydrating.get(element);
  if (!pending && name && Object.hasOwn(ISLAND_CODE, name)) {
    pending = ISLAND_CODE[name as IslandName]().then((Component) => {
      if (!element.isConnected) return;
      roots.set(
        element,
        hydrateRoot(
          element,
          <QueryClientProvider client={queryClient}>
            <Direction.Provider dir={LANGUAGES[currentLanguage()].dir}>
              <Component />
            </Direction.Provider>
          </QueryClientProvider>,
        ),
      );
    });
    hydrating.set(element, pending);
  }
  return pending ?? Promise.resolve();
}

// The page is in the language it was served in (web-app.ts sends the English one to a reader
// whose cookie says so) until the other copy replaces it; so are `<html lang dir>`, from the
// moment this runtime is loaded (i18n.ts would set the reader's language at once).
const served = pageLanguage(document.getElementById('root'));
documentLanguageFollowsPage(served);

const LANGUAGE_SWITCH = '[data-testid="language-switch"]';
let container: HTMLElement;
let config: Promise<PublicConfig | undefined>;
let shown = served;
let onPageReplaced: () => void;
/** The page's HTML in each language: the one served is there, the other is fetched. */
const pages = new Map<AppLanguage, Promise<string>>();

function pageHtml(language: AppLanguage): Promise<string> {
  let page = pages.get(language);
  if (!page) {
    const url = container.dataset[`${language}Page`];
    page = url
      ? fetch(url).then((response) => {
          if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
          return response.text();
        })
      : Promise.reject(new Error(`No pre-rendered page in ${language}`));
    page.catch(() => pages.delete(language));
    pages.set(language, page);
  }
  return page;
}

/** Puts the page in the language i18next is in: the other copy, its price, its islands. */
async function showCurrentLanguage() {
  const language = currentLanguage();
  if (language === shown) return;
  const html = await pageHtml(language);
  if (language !== currentLanguage()) return;
  const switchHadFocus = document.activeElement?.closest(LANGUAGE_SWITCH);
  for (const root of roots.values()) root.unmount();
  roots.clear();
  hydrating.clear();
  container.innerHTML = html;
  shown = language;
  applyToDocument(language);
  document.title = landingTitle();
  showPrice(container, await config);
  onPageReplaced();
  if (switchHadFocus) container.querySelector<HTMLElement>(LANGUAGE_SWITCH)?.focus();
}

/**
 * Starts the runtime over the page in `root` (as served): shows the visitor's language
 * and follows later switches. `price` is the server's answer islands/main.ts asked for; the
 * islands reuse it. `replaced` is called after the page is swapped for another language's.
 */
export async function startIslands(options: {
  root: HTMLElement;
  price: Promise<PublicConfig | undefined>;
  replaced: () => void;
}) {
  container = options.root;
  config = options.price;
  onPageReplaced = options.replaced;
  pages.set(served, Promise.resolve(container.innerHTML));
  void queryClient.prefetchQuery({
    queryKey: configQueryKey,
    queryFn: async () => {
      const answer = await config;
      if (!answer) throw new Error('The price could not be fetched');
      return answer;
    },
  });
  createRoot(document.body.appendChild(document.createElement('div'))).render(<Toaster />);
  await languageReady;
  let queue = showCurrentLanguage();
  i18n.on('languageChanged', (language) => {
    if (isAppLanguage(language)) queue = queue.then(showCurrentLanguage, showCurrentLanguage);
  });
  // The other language's page is fetched ahead, for the switch in the header.
  void pageHtml(currentLanguage() === 'en' ? 'ar' : 'en').catch(() => undefined);
  await queue;
}
