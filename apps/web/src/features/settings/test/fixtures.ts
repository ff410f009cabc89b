import type { MembersResponse, OrganizationDetails } from '@tanqin/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast.tsx';

export const ORG_ID = 'org_123';
export const ORG_PATH = `/api/v1/organizations/${ORG_ID}`;

export const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

export const problem = (status: number, code: string, detail = 'Refused') =>
  json(status, { type: 'about:blank', title: code, status, code, detail });

type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>;

/** Answers calls like the API, keyed by "METHOD /path"; any other call fails the test. */
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

/** Renders inside a router (the settings keep their tab in the URL) and a fresh query cache. */
export function renderWithRouter(ui: ReactNode, path = '/org-dashboard?section=settings') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

export const organizationDetails = (
  overrides: Partial<OrganizationDetails> = {},
): OrganizationDetails => ({
  id: ORG_ID,
  name: 'وزارة التجربة',
  type: 'government',
  email: 'contact@example.sa',
  phone: '0551234567',
  contact_person: 'سارة العتيبي',
  time_zone: 'Asia/Riyadh',
  client_id: 'tq_client_0123456789abcdef',
  created_at: '2025-03-05T10:00:00.000Z',
  require_ip_whitelist: false,
  geo_blocking_enabled: false,
  role: 'owner',
  ...overrides,
});

export const membersResponse = (overrides: Partial<MembersResponse> = {}): MembersResponse => ({
  members: [
    {
      user_id: '00000000-0000-4000-8000-000000000001',
      email: 'sara@example.sa',
      first_name: 'سارة',
      last_name: 'العتيبي',
      role: 'owner',
      joined_at: '2025-03-05T10:00:00.000Z',
      is_you: true,
    },
    {
      user_id: '00000000-0000-4000-8000-000000000002',
      email: 'fahad@example.sa',
      first_name: 'فهد',
      last_name: 'القحطاني',
      role: 'verifier',
      joined_at: '2025-04-10T08:30:00.000Z',
      is_you: false,
    },
  ],
  invitations: [
    {
      id: '00000000-0000-4000-8000-0000000000a1',
      email: 'noura@example.sa',
      role: 'viewer',
      invited_by_name: 'سارة العتيبي',
      created_at: '2025-05-01T09:00:00.000Z',
      expires_at: '2025-05-08T09:00:00.000Z',
    },
  ],
  ...overrides,
});
