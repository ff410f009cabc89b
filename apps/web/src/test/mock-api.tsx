import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Direction } from 'radix-ui';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '../components/ui/toast.tsx';
import { queryDefaults } from '../lib/query-defaults.ts';

/** A JSON answer (problem+json from 400 on; no body for 204). */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: {
      'content-type': status >= 400 ? 'application/problem+json' : 'application/json',
      ...headers,
    },
  });

/** A problem+json answer as the API's error handler writes it. */
export const problem = (
  status: number,
  code: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  json(
    status,
    { type: `https://tanqin.sa/problems/${code}`, title: 'Error', status, code, ...extra },
    headers,
  );

/** What a handler is told about the call: the parsed URL, the init and the JSON body (if any). */
export type MockRequest = { url: URL; init: RequestInit | undefined; body: unknown };
type Handler = (request: MockRequest) => Response | Promise<Response>;

const keyOf = (input: string, init?: RequestInit) =>
  `${init?.method ?? 'GET'} ${new URL(input, 'http://localhost').pathname}`;

/**
 * Answers the screen's calls like the API does, keyed by "METHOD /path" (the query string is
 * left to the handler, which gets the parsed URL). Any other call fails the test loudly.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const key = keyOf(input, init);
    const handler = handlers[key];
    if (!handler) throw new Error(`Unexpected call ${key}`);
    return handler({
      url: new URL(input, 'http://localhost'),
      init,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (key: string) =>
    fetchMock.mock.calls.filter(([input, init]) => keyOf(input, init) === key);
  const bodiesOf = (key: string) =>
    callsTo(key).map(([, init]) => JSON.parse(String(init?.body ?? 'null')));
  const headersOf = (key: string) =>
    callsTo(key).map(([, init]) => (init?.headers ?? {}) as Record<string, string>);
  return { fetchMock, callsTo, bodiesOf, headersOf };
}

type RenderOptions = {
  /** Where the router starts (the last entry is the current one). */
  entries?: string[];
  /** The route pattern `ui` answers on. */
  route?: string;
  /** Other routes, e.g. stub pages a screen leads to. */
  routes?: RouteObject[];
};

/**
 * Renders `ui` inside the app's providers: a fresh query cache (no retries), a memory router,
 * right-to-left direction and the toaster.
 */
export function renderWithProviders(
  ui: ReactNode,
  { entries = ['/'], route = '*', routes = [] }: RenderOptions = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { ...queryDefaults.queries, retry: false, staleTime: 0 },
      mutations: { ...queryDefaults.mutations, retry: false },
    },
  });
  const router = createMemoryRouter([{ path: route, element: ui }, ...routes], {
    initialEntries: entries,
    initialIndex: entries.length - 1,
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Direction.Provider dir="rtl">
        <RouterProvider router={router} />
        <Toaster />
      </Direction.Provider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
