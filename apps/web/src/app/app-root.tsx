import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useLayoutEffect } from 'react';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers.tsx';

/**
 * Calls `onCommitted` once its children are in the page, before they are painted (a parent's
 * layout effect runs after its children's refs and effects). Inside the providers' Suspense
 * boundary: React hydrates what is inside a boundary in a pass of its own, after the rest.
 */
function Committed({ onCommitted, children }: { onCommitted?: () => void; children: ReactNode }) {
  useLayoutEffect(() => onCommitted?.(), [onCommitted]);
  return children;
}

/**
 * The whole app around a router: the browser renders it (src/main.tsx) and the build renders the
 * same tree to HTML (src/prerender/entry.tsx), so the browser can hydrate a pre-rendered page
 * (its ids from useId, its markup) instead of replacing it.
 */
export function AppRoot({
  router,
  queryClient,
  onCommitted,
}: {
  router: DataRouter;
  queryClient?: QueryClient;
  onCommitted?: () => void;
}) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <Committed onCommitted={onCommitted}>
          <RouterProvider router={router} />
        </Committed>
      </AppProviders>
    </StrictMode>
  );
}
