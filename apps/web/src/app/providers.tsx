import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Direction } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { Toaster } from '../components/ui/toast.tsx';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 } },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <Direction.Provider dir="rtl">
        {children}
        <Toaster />
      </Direction.Provider>
    </QueryClientProvider>
  );
}
