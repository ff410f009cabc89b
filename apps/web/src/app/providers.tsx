import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Direction } from 'radix-ui';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster } from '../components/ui/toast.tsx';
import {
  type AppLanguage,
  isLanguageReady,
  LANGUAGES,
  languageReady,
  loadLanguage,
} from '../lib/i18n.ts';
import { queryDefaults } from '../lib/query-defaults.ts';

export const newQueryClient = () => new QueryClient({ defaultOptions: queryDefaults });

/** `queryClient`: the app's, when it starts queries before the first render (app/early-queries.ts). */
export function AppProviders({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? newQueryClient());
  // Re-renders on every language change; Radix components (tabs, switches) follow its direction.
  const { i18n } = useTranslation();
  const language: AppLanguage = i18n.language === 'en' ? 'en' : 'ar';
  const dir = LANGUAGES[language].dir;
  // An English reader's first render waits for the English texts (a few kilobytes, once).
  const [ready, setReady] = useState(isLanguageReady);
  useEffect(() => {
    if (!ready) void languageReady.then(() => setReady(true));
  }, [ready]);
  // Once the page has loaded and the browser is idle, fetch the rest of the language's texts, so
  // the next screen does not wait for them.
  useEffect(() => {
    if (!ready) return;
    const prefetch = () => void loadLanguage(language).catch(() => undefined);
    const whenIdle = () =>
      'requestIdleCallback' in window
        ? window.requestIdleCallback(prefetch)
        : setTimeout(prefetch, 1);
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => window.removeEventListener('load', whenIdle);
  }, [ready, language]);
  if (!ready) return null;
  return (
    <QueryClientProvider client={queryClient}>
      <Direction.Provider dir={dir}>
        {/* A screen whose texts are still on their way waits here (react-i18next suspends). */}
        <Suspense fallback={null}>{children}</Suspense>
        <Toaster />
      </Direction.Provider>
    </QueryClientProvider>
  );
}
