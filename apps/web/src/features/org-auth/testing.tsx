import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Direction } from 'radix-ui';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { OrgAuthPage } from './org-auth-page.tsx';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

/** A problem+json answer as the API's error handler writes it. */
export const problem = (status: number, code: string, extra: Record<string, unknown> = {}) =>
  json(status, {
    type: `https://tanqin.sa/problems/${code}`,
    title: 'Error',
    status,
    code,
    ...extra,
  });

type Handler = (body: unknown) => Response | Promise<Response>;

/** Answers the page's calls like the API; any other call fails the test. */
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
  return { fetchMock, callsTo };
}

const Stub = ({ text }: { text: string }) => <p>{text}</p>;

/** The page inside the app's providers (right-to-left) with stub pages to land on. */
export function renderOrgAuth(entries: string[] = ['/org-auth']) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/org-auth', Component: OrgAuthPage },
      { path: '/', element: <Stub text="home page" /> },
      { path: '/org-dashboard', element: <Stub text="dashboard page" /> },
      { path: '/documentation', element: <Stub text="documentation page" /> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <Direction.Provider dir="rtl">
        <RouterProvider router={router} />
      </Direction.Provider>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}
