import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SdkTestServer, startSdkTestServer } from '../test/test-server.ts';
import {
  type FetchLike,
  Tanqin,
  TanqinApiError,
  TanqinNetworkError,
  TanqinOAuthError,
} from './index.ts';

const person = {
  full_name: 'محمد أحمد القحطاني',
  national_id: '1012345678',
  birth_date: '1990-04-12',
};

/** The error a promise rejects with; fails the test when it resolves. */
async function rejection(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

/** The platform fetch, recording `METHOD /path scheme` of every request the SDK sends. */
function recordingFetch() {
  const calls: string[] = [];
  const recording: FetchLike = (url, init) => {
    const authorization = new Headers(init.headers).get('authorization') ?? '';
    calls.push(`${init.method} ${new URL(url).pathname} ${authorization.split(' ')[0]}`);
    return fetch(url, init);
  };
  return { calls, fetch: recording };
}

/** A port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('the SDK against the real API', () => {
  let api: SdkTestServer;
  beforeAll(async () => {
    api = await startSdkTestServer();
  });
  afterAll(() => api?.server.close());

  it('generates, reads the status, verifies once, then the code is used', async () => {
    const issuer = await api.integrator();
    const tanqin = issuer.client();

    const generated = await tanqin.tokens.generate({
      data: person,
      data_scope: ['identity'],
      expires_in: 600,
    });
    expect(Object.keys(generated).sort()).toEqual([
      'created_at',
      'expires_at',
      'message',
      'reference_id',
      'success',
      'token',
      'token_id',
    ]);
    expect(generated).toMatchObject({
      success: true,
      reference_id: generated.token_id,
      message: 'Token generated successfully',
    });
    expect(generated.token).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}-[0-9A-Z]$/);
    expect(Date.parse(generated.expires_at) - Date.parse(generated.created_at)).toBe(600_000);

    expect(await tanqin.tokens.status(generated.token_id)).toEqual({
      token_id: generated.token_id,
      status: 'active',
      created_at: generated.created_at,
      expires_at: generated.expires_at,
      used_at: null,
      used_by: null,
    });

    const verified = await tanqin.tokens.verify<typeof person>(generated.token);
    expect(verified).toEqual({
      success: true,
      token_id: generated.token_id,
      data: person,
      data_scope: ['identity'],
      issuer: { name: issuer.name, client_id: issuer.clientId },
      verified_at: expect.any(String),
    });

    const again = await rejection(tanqin.tokens.verify(generated.token));
    expect(again).toBeInstanceOf(TanqinApiError);
    expect(again).toMatchObject({
      status: 410,
      code: 'token_used',
      title: 'Gone',
      detail: 'This token has already been used',
      type: 'https://tanqin.sa/problems/token-used',
      retryAfter: undefined,
    });
    expect(again.message).toBe('token_used (410): This token has already been used');

    expect(await tanqin.tokens.status(generated.token_id)).toEqual({
      token_id: generated.token_id,
      status: 'used',
      created_at: generated.created_at,
      expires_at: generated.expires_at,
      used_at: verified.verified_at,
      used_by: { name: issuer.name, client_id: issuer.clientId },
    });
  });

  it('lets only the audience read a code: anyone else gets token_not_found', async () => {
    const issuer = await api.integrator();
    const bank = await api.integrator();
    const stranger = await api.integrator();
    const { token, token_id } = await issuer.client().tokens.generate({
      data: person,
      audience: bank.clientId,
    });

    for (const other of [issuer, stranger]) {
      const refused = await rejection(other.client().tokens.verify(token));
      expect(refused).toMatchObject({ status: 404, code: 'token_not_found' });
    }
    const verified = await bank.client().tokens.verify(token);
    expect(verified.data).toEqual(person);
    expect(verified.issuer).toEqual({ name: issuer.name, client_id: issuer.clientId });
    expect((await bank.client().tokens.status(token_id)).status).toBe('used');
    expect(await rejection(stranger.client().tokens.status(token_id))).toMatchObject({
      status: 404,
      code: 'token_not_found',
    });

    const unknownAudience = await rejection(
      issuer.client().tokens.generate({ data: person, audience: 'tqc_nobody' }),
    );
    expect(unknownAudience).toMatchObject({ status: 400, code: 'invalid_audience' });
  });

  it('asks for data; the issuer answers with the picked number; the audience gets the code', async () => {
    const bank = await api.integrator();
    const issuer = await api.integrator();
    const asked = await bank.client().verificationRequests.create({
      fields: ['full_name'],
      purpose: 'فتح حساب',
    });
    expect(asked).toMatchObject({ viewer: 'audience', status: 'pending', token: null });
    const seen = await issuer.client().verificationRequests.get(asked.request_id);
    if (seen.viewer !== 'issuer') throw new Error('expected the issuer view');
    expect(seen.audience).toEqual({ name: bank.name, client_id: bank.clientId });
    const wrong = seen.match_choices.find((choice) => choice !== asked.match_number)!;
    const answer = (matchNumber: string) =>
      issuer.client().tokens.generate({
        data: { full_name: person.full_name },
        request_id: asked.request_id,
        match_number: matchNumber,
      });
    expect(await rejection(answer(wrong))).toMatchObject({ status: 403, code: 'match_failed' });
    await answer(asked.match_number);
    const answered = await bank.client().verificationRequests.get(asked.request_id);
    if (answered.viewer !== 'audience' || !answered.token) throw new Error('expected the code');
    expect((await bank.client().tokens.verify(answered.token)).data).toEqual({
      full_name: person.full_name,
    });
    const other = await bank.client().verificationRequests.create({
      fields: ['full_name'],
      purpose: 'تحديث بيانات',
    });
    expect((await bank.client().verificationRequests.cancel(other.request_id)).status).toBe(
      'cancelled',
    );
  });

  it('revokes with token:revoke; a revoked code cannot be read', async () => {
    const issuer = await api.integrator({
      scopes: ['token:generate', 'token:verify', 'token:revoke'],
    });
    const tanqin = issuer.client();
    const { token, token_id } = await tanqin.tokens.generate({ data: person });

    expect(await tanqin.tokens.revoke(token_id)).toEqual({ success: true, status: 'revoked' });
    expect((await tanqin.tokens.status(token_id)).status).toBe('revoked');
    expect(await rejection(tanqin.tokens.verify(token))).toMatchObject({
      status: 410,
      code: 'token_revoked',
    });
    expect(await tanqin.tokens.revoke(token_id)).toEqual({ success: true, status: 'revoked' });

    const withoutScope = await api.integrator();
    const other = await withoutScope.client().tokens.generate({ data: person });
    expect(await rejection(withoutScope.client().tokens.revoke(other.token_id))).toMatchObject({
      status: 403,
      code: 'insufficient_scope',
    });
  });

  it('refuses a mistyped code with token_malformed before any request, as the server would', async () => {
    const issuer = await api.integrator();
    const { calls, fetch: recording } = recordingFetch();
    const tanqin = issuer.client({ fetch: recording });
    const { token } = await tanqin.tokens.generate({ data: person });
    const typo = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);

    for (const bad of [typo, token.slice(0, -2), 'not a code', '']) {
      const refused = await rejection(tanqin.tokens.verify(bad));
      expect(refused, bad).toBeInstanceOf(TanqinApiError);
      expect(refused, bad).toMatchObject({ status: 400, code: 'token_malformed' });
    }
    expect(calls).toEqual(['POST /v1/tokens/generate Basic']);

    // The server answers the same typo with the same status, code and title.
    const server = await fetch(`${api.server.baseUrl}/v1/tokens/verify`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-client-id': issuer.clientId,
        authorization: `Basic ${btoa(`${issuer.apiKey}:${issuer.apiSecret}`)}`,
      },
      body: JSON.stringify({ token: typo }),
    });
    const problem = await server.json();
    const local = await rejection(tanqin.tokens.verify(typo));
    expect({ status: local.status, code: local.code, title: local.title }).toEqual({
      status: problem.status,
      code: problem.code,
      title: problem.title,
    });

    // What a person may type and the server accepts, the SDK lets through.
    const arabicDigits = token
      .toLowerCase()
      .replaceAll('-', ' ')
      .replace(/[0-9]/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
    expect((await tanqin.tokens.verify(arabicDigits)).data).toEqual(person);
  });

  it('reports field errors of validation_failed and refused credentials, without retrying', async () => {
    const issuer = await api.integrator();
    const invalid = await rejection(issuer.client().tokens.generate({ data: {}, expires_in: 10 }));
    expect(invalid).toMatchObject({ status: 400, code: 'validation_failed', title: 'Bad Request' });
    expect(invalid.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      'data',
      'expires_in',
    ]);

    const { calls, fetch: recording } = recordingFetch();
    const wrongSecret = issuer.client({ apiSecret: `${issuer.apiSecret}x`, fetch: recording });
    expect(await rejection(wrongSecret.tokens.generate({ data: person }))).toMatchObject({
      status: 401,
      code: 'invalid_api_key',
    });
    expect(calls).toHaveLength(1);
  });

  it('waits out Retry-After on 429 and succeeds; verify retried after 429 still reads the code', async () => {
    const issuer = await api.integrator({ rate_limit_per_minute: 1 });
    const waits: number[] = [];
    const tanqin = issuer.client({
      sleep: async (ms) => {
        waits.push(ms);
        api.clock.advance(ms);
      },
    });
    const { token } = await tanqin.tokens.generate({ data: person });
    // The minute's one call is spent: verify gets 429, waits 60 s, then reads the code.
    const verified = await tanqin.tokens.verify(token);
    expect(waits).toEqual([60_000]);
    expect(verified.data).toEqual(person);
  });

  it('throws rate_limited after maxRetries waits; the refused verifies consumed nothing', async () => {
    const issuer = await api.integrator({ rate_limit_per_minute: 1 });
    const waits: number[] = [];
    // Time does not move while this client waits, so every retry meets the limit again.
    const stuck = issuer.client({
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const { token, token_id } = await issuer.client().tokens.generate({ data: person });

    const limited = await rejection(stuck.tokens.verify(token));
    expect(limited).toBeInstanceOf(TanqinApiError);
    expect(limited).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 60 });
    expect(limited.headers.get('ratelimit-policy')).toBe('"minute";q=1;w=60, "hour";q=1000;w=3600');
    expect(waits).toEqual([60_000, 60_000]);

    // A Retry-After longer than the client will wait is thrown at once.
    const impatient = issuer.client({
      maxRetryAfter: 30,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(await rejection(impatient.tokens.status(token_id))).toMatchObject({
      code: 'rate_limited',
    });
    expect(waits).toHaveLength(2);

    api.clock.advance(60_000);
    expect((await issuer.client().tokens.verify(token)).data).toEqual(person);
  });

  it('authenticates with OAuth client credentials, caches the token and renews it', async () => {
    const issuer = await api.integrator();
    const { calls, fetch: recording } = recordingFetch();
    let now = api.clock.now().getTime();
    const tanqin = issuer.client({ auth: 'oauth', fetch: recording, now: () => now });

    // The second code lives a day: the server's clock jumps an hour ahead below.
    const [first, second] = await Promise.all([
      tanqin.tokens.generate({ data: person }),
      tanqin.tokens.generate({ data: person, expires_in: 86_400 }),
    ]);
    expect((await tanqin.tokens.verify(first.token)).data).toEqual(person);
    expect((await tanqin.tokens.status(second.token_id)).status).toBe('active');
    expect(calls).toEqual([
      'POST /v1/oauth/token Basic',
      'POST /v1/tokens/generate Bearer',
      'POST /v1/tokens/generate Bearer',
      'POST /v1/tokens/verify Bearer',
      `GET /v1/tokens/${second.token_id}/status Bearer`,
    ]);

    // Shortly before the hour is up, the SDK asks for a new token first.
    now += (3600 - 59) * 1000;
    calls.length = 0;
    await tanqin.tokens.status(second.token_id);
    expect(calls).toEqual([
      'POST /v1/oauth/token Basic',
      `GET /v1/tokens/${second.token_id}/status Bearer`,
    ]);

    // The server finds the cached token expired (its clock ran ahead): one new token, one retry.
    api.clock.advance(3601 * 1000);
    calls.length = 0;
    expect((await tanqin.tokens.verify(second.token)).data).toEqual(person);
    expect(calls).toEqual([
      'POST /v1/tokens/verify Bearer',
      'POST /v1/oauth/token Basic',
      'POST /v1/tokens/verify Bearer',
    ]);

    const refused = await rejection(
      issuer
        .client({ auth: 'oauth', apiSecret: `${issuer.apiSecret}x` })
        .tokens.generate({ data: person }),
    );
    expect(refused).toBeInstanceOf(TanqinOAuthError);
    expect(refused).toMatchObject({ status: 401, code: 'invalid_client' });
  });

  it('throws TanqinNetworkError when no answer comes, retrying only status and revoke', async () => {
    const issuer = await api.integrator();
    const waits: number[] = [];
    const offline = issuer.client({
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    for (const call of [
      () => offline.tokens.generate({ data: person }),
      () => offline.tokens.verify('0000-0000-0000-0000-0'),
    ]) {
      const error = await rejection(call());
      expect(error).toBeInstanceOf(TanqinNetworkError);
      expect(error).not.toBeInstanceOf(TanqinApiError);
      expect(error.isTimeout).toBe(false);
    }
    expect(waits).toEqual([]);

    expect(await rejection(offline.tokens.status('tok_x'))).toBeInstanceOf(TanqinNetworkError);
    expect(waits).toEqual([500, 1000]);

    const hanging: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const slow = issuer.client({ fetch: hanging, timeoutMs: 20 });
    const timedOut = await rejection(slow.tokens.generate({ data: person }));
    expect(timedOut).toBeInstanceOf(TanqinNetworkError);
    expect(timedOut.isTimeout).toBe(true);
  });
});

describe('new Tanqin()', () => {
  const options = {
    clientId: 'tqc_x',
    apiKey: 'tqk_live_x',
    apiSecret: 'tqs_live_x',
    baseUrl: 'http://127.0.0.1:1',
  };

  it('names a missing option at once rather than failing on the first call', () => {
    expect(() => new Tanqin({ ...options, apiKey: undefined })).toThrow(
      'Tanqin: the option apiKey is required',
    );
    expect(() => new Tanqin({ ...options, baseUrl: 'not a url' })).toThrow(TypeError);
    expect(() => new Tanqin({ ...options, auth: 'Bearer' as 'oauth' })).toThrow(
      "the option auth is 'basic' or 'oauth'",
    );
  });
});
