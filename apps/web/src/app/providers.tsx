import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Direction } from 'radix-ui';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster } from '../components/ui/toast.tsx';
import { isLanguageReady, LANGUAGES, languageReady } from '../lib/i18n.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 } },
      }),
  );
  // Re-renders on every language change; Radix components (tabs, switches) follow its direction.
  const { i18n } = useTranslation();
  const dir = i18n.language === 'en' ? LANGUAGES.en.dir : LANGUAGES.ar.dir;
  // An English reader's first render waits for the English texts (a few kilobytes, once).
  const [ready, setReady] = useState(isLanguageReady);
  useEffect(() => {
    if (!ready) void languageReady.then(() => setReady(true));
  }, [ready]);
  if (!ready) return null;
  return (
    <QueryClientProvider client={queryClient}>
      <Direction.Provider dir={dir}>
        {children}
        <Toaster />
      </Direction.Provider>
    </QueryClientProvider>
  );
}
