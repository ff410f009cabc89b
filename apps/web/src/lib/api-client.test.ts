import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, setSessionLostNavigator } from './api-client.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

describe('apiRequest', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    setSessionLostNavigator(navigate);
    navigate.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the stored bearer token and credentials', async () => {
    localStorage.setItem('org_token', 'access-1');
    const fetchMock = vi.fn(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/v1/auth/me')).resolves.toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer access-1');
    expect(init.credentials).toBe('include');
  });

  it('refreshes once on a 401 and retries the original call with the new token', async () => {
    localStorage.setItem('org_token', 'old');
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const auth = (init.headers as Record<string, string> | undefined)?.Authorization ?? '';
        calls.push(`${url} ${auth}`);
        if (url.startsWith('/api/v1/auth/refresh')) return json(200, { token: 'new' });
        return auth === 'Bearer new'
          ? json(200, { value: 42 })
          : json(401, { code: 'session_expired' });
      }),
    );
    await expect(apiRequest('/api/v1/wallet')).resolves.toEqual({ value: 42 });
    expect(calls).toEqual([
      '/api/v1/wallet Bearer old',
      '/api/v1/auth/refresh ',
      '/api/v1/wallet Bearer new',
    ]);
    expect(localStorage.getItem('org_token')).toBe('new');
  });

  it('goes to sign-in with a redirect back when the refresh fails', async () => {
    localStorage.setItem('auth_token', 'old');
    window.history.pushState({}, '', '/profile-settings?tab=2');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { code: 'session_expired', detail: 'gone' })),
    );
    await expect(apiRequest('/api/v1/me', { side: 'individual' })).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fprofile-settings%3Ftab%3D2');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('never retries login: its 401 carries the server detail', async () => {
    const fetchMock = vi.fn(async () =>
      json(401, { code: 'invalid_credentials', detail: 'Invalid email or password' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const error = (await apiRequest('/api/v1/auth/login', { body: {} }).catch(
      (e) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Invalid email or password');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([
    ['org', 'org_token'],
    ['individual', 'auth_token'],
  ] as const)('on side %s: 401, refresh, retry with the new token', async (side, key) => {
    localStorage.setItem(key, 'old');
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const auth = (init.headers as Record<string, string> | undefined)?.Authorization ?? '';
        calls.push(`${init.method} ${url} ${auth}`.trim());
        if (url.startsWith('/api/v1/auth/refresh')) return json(200, { token: `new-${side}` });
        return auth === `Bearer new-${side}`
          ? json(200, { saved: true })
          : json(401, { code: 'session_expired' });
      }),
    );
    await expect(
      apiRequest('/api/v1/profile', { side, method: 'PATCH', body: { a: 1 } }),
    ).resolves.toEqual({ saved: true });
    expect(calls).toEqual([
      'PATCH /api/v1/profile Bearer old',
      side === 'individual'
        ? 'POST /api/v1/auth/refresh?kind=individual'
        : 'POST /api/v1/auth/refresh',
      `PATCH /api/v1/profile Bearer new-${side}`,
    ]);
    expect(localStorage.getItem(key)).toBe(`new-${side}`);
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([
    ['org', 'org_token', '/org-auth?tab=login&redirect=%2Fdocumentation%3Fs%3D1'],
    ['individual', 'auth_token', '/login?redirect=%2Fdocumentation%3Fs%3D1'],
  ] as const)(
    'on side %s: a failed refresh clears the token and goes to sign in',
    async (side, key, target) => {
      localStorage.setItem(key, 'old');
      window.history.pushState({}, '', '/documentation?s=1');
      const fetchMock = vi.fn(async (url: string) =>
        url.startsWith('/api/v1/auth/refresh')
          ? json(401, { code: 'session_expired' })
          : json(401, { code: 'session_expired' }),
      );
      vi.stubGlobal('fetch', fetchMock);
      await expect(apiRequest('/api/v1/anything', { side })).rejects.toBeInstanceOf(ApiError);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(localStorage.getItem(key)).toBeNull();
      expect(navigate).toHaveBeenCalledWith(target);
    },
  );

  it('a retried call that is refused again ends the session without a second refresh', async () => {
    localStorage.setItem('auth_token', 'old');
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith('/api/v1/auth/refresh')
        ? json(200, { token: 'new' })
        : json(401, { code: 'session_expired' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/v1/profile', { side: 'individual' })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/v1/profile',
      '/api/v1/auth/refresh?kind=individual',
      '/api/v1/profile',
    ]);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('calls that fail together share one refresh', async () => {
    localStorage.setItem('auth_token', 'old');
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url.startsWith('/api/v1/auth/refresh')) return json(200, { token: 'new' });
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new' ? json(200, { url }) : json(401, { code: 'session_expired' });
    });
    vi.stubGlobal('fetch', fetchMock);
    await Promise.all([
      apiRequest('/api/v1/a', { side: 'individual' }),
      apiRequest('/api/v1/b', { side: 'individual' }),
    ]);
    expect(
      fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/v1/auth/refresh')),
    ).toHaveLength(1);
  });

  it('never refreshes on a wrong two-step code: its 401 is an answer, not a lost session', async () => {
    const fetchMock = vi.fn(async () => json(401, { code: 'invalid_code' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      apiRequest('/api/v1/auth/verify-2fa', {
        body: { token: 't', code: '1' },
        side: 'individual',
      }),
    ).rejects.toMatchObject({ code: 'invalid_code' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('never retries the refresh call itself', async () => {
    const fetchMock = vi.fn(async () => json(401, { code: 'session_expired' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      apiRequest('/api/v1/auth/refresh', { method: 'POST', side: 'individual' }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("keeps a 429's Retry-After seconds on the error", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'rate_limited' }), {
            status: 429,
            headers: { 'content-type': 'application/problem+json', 'Retry-After': '30' },
          }),
      ),
    );
    const error = (await apiRequest('/api/v1/auth/resend-code', { body: {} }).catch(
      (e) => e,
    )) as ApiError;
    expect(error.retryAfter).toBe(30);
  });
});
