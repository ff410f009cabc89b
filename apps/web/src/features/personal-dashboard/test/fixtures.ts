import type { PersonalCode } from '@tanqin/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast.tsx';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>;

/** Answers the page's calls keyed by "METHOD /path"; any other call fails the test. */
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
  return { fetchMock, callsTo };
}

export function renderPage(ui: ReactNode, path = '/dashboard') {
  localStorage.setItem('auth_token', 'personal-token');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

export const personalCode = (overrides: Partial<PersonalCode> = {}): PersonalCode => ({
  id: 'tok_active1',
  issuer: { name: 'بنك الرياض الرقمي', type: 'private' },
  audience: { name: 'وزارة الداخلية' },
  status: 'active',
  data_fields: ['full_name', 'national_id', 'favourite_colour'],
  data_scope: [],
  created_at: '2026-11-22T07:00:00.000Z',
  expires_at: '2026-11-22T08:00:00.000Z',
  used_at: null,
  used_by: null,
  revoked_at: null,
  trail: [
    {
      action: 'generated',
      at: '2026-11-22T07:00:00.000Z',
      organization_name: 'بنك الرياض الرقمي',
      actor_type: 'organization',
      fields: ['full_name', 'national_id', 'favourite_colour'],
      reason: null,
    },
  ],
  ...overrides,
});
