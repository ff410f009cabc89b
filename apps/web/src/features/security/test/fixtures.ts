import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast.tsx';
import type { ApiKey } from '../api/get-api-keys.ts';

export const ORG_ID = 'org_123';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>;

/**
 * Answers the screen's calls like the API does, keyed by "METHOD /path" (the query string is
 * handed to the handler). Any other call fails the test loudly.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = handlers[key];
    if (!handler) throw new Error(`Unexpected call ${key}`);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (key: string) =>
    fetchMock.mock.calls.filter(
      ([input, init]) =>
        `${init?.method ?? 'GET'} ${new URL(input, 'http://localhost').pathname}` === key,
    );
  const bodyOf = (call: unknown[]) =>
    JSON.parse(String((call[1] as RequestInit | undefined)?.body ?? 'null'));
  return { fetchMock, callsTo, bodyOf };
}

export function renderWithClient(ui: ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

export const apiKey = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: '00000000-0000-4000-8000-000000000001',
  key_name: 'خادم الإنتاج',
  api_key: 'tqk_live_abcdefghijklmnop1234',
  scopes: ['token:generate', 'token:verify'],
  allowed_ips: null,
  is_active: true,
  created_at: '2025-03-05T10:00:00.000Z',
  expires_at: null,
  rate_limit_per_hour: 1000,
  rate_limit_per_minute: 60,
  usage_count: 0,
  last_used_at: null,
  last_used_ip: null,
  requests_this_hour: 0,
  requests_today: 0,
  requests_this_month: 0,
  critical_events_count: 0,
  ...overrides,
});
