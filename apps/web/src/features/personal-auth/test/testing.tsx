import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Direction } from 'radix-ui';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast.tsx';

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
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

type Handler = (body: unknown) => Response | Promise<Response>;

/** Answers the page's calls like the API, keyed by "METHOD /path"; any other call fails the test. */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const handler = handlers[key];
    if (!handler) throw new Error(`Unexpected call ${key}`);
    return handler(init?.body ? JSON.parse(String(init.body)) : undefined);
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (key: string) =>
    fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key);
  const bodiesOf = (key: string) =>
    callsTo(key).map(([, init]) => JSON.parse(String(init?.body ?? 'null')));
  const headersOf = (key: string) =>
    callsTo(key).map(([, init]) => (init?.headers ?? {}) as Record<string, string>);
  return { fetchMock, callsTo, bodiesOf, headersOf };
}

function Landing() {
  const location = useLocation();
  return <p>landed on {location.pathname + location.search}</p>;
}

/** A page inside the app's providers (right-to-left), with a stub for every page it leads to. */
export function renderPage(path: string, Page: ComponentType, entry = path) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, Component: Page },
      { path: '*', Component: Landing },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <Direction.Provider dir="rtl">
        <RouterProvider router={router} />
        <Toaster />
      </Direction.Provider>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}
