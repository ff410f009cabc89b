import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './http.ts';
import { type FetchLike, Tanqin, TanqinApiError } from './index.ts';

/** A fetch that answers from a script, one response per call, and records what was asked. */
function scriptedFetch(responses: Array<() => Response>) {
  const calls: string[] = [];
  const scripted: FetchLike = async (url, init) => {
    calls.push(`${init.method} ${new URL(url).pathname}`);
    const next = responses.shift();
    if (!next) throw new Error('no scripted response left');
    return next();
  };
  return { calls, fetch: scripted };
}

const problem =
  (status: number, code: string, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify({ type: 'about:blank', title: 'T', status, code }), {
      status,
      headers: { 'content-type': 'application/problem+json', ...headers },
    });
const html = (status: number) => () =>
  new Response('<html>Bad gateway</html>', { status, headers: { 'content-type': 'text/html' } });
const json = (body: unknown) => () =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

function client(fetch: FetchLike, waits: number[]) {
  return new Tanqin({
    clientId: 'tqc_x',
    apiKey: 'tqk_live_x',
    apiSecret: 'tqs_live_x',
    baseUrl: 'https://tanqin.example.sa/',
    fetch,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
}

// Answers the real server does not give on demand (a proxy's 502, an HTTP-date Retry-After).
describe('the HTTP layer with answers the test server cannot give', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('retries a status call after a 502 page, but never a generate', async () => {
    const waits: number[] = [];
    const status = { token_id: 'tok_x', status: 'active' };
    const idempotent = scriptedFetch([html(502), json(status)]);
    expect(await client(idempotent.fetch, waits).tokens.status('tok_x')).toEqual(status);
    expect(idempotent.calls).toEqual([
      'GET /v1/tokens/tok_x/status',
      'GET /v1/tokens/tok_x/status',
    ]);
    expect(waits).toEqual([500]);

    const once = scriptedFetch([html(502)]);
    const error = await client(once.fetch, waits)
      .tokens.generate({ data: { a: 1 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TanqinApiError);
    expect(error).toMatchObject({ status: 502, code: 'unexpected_response' });
    expect(once.calls).toHaveLength(1);
  });

  it('backs off on a 429 without Retry-After and never retries other problems', async () => {
    const waits: number[] = [];
    const limited = scriptedFetch([
      problem(429, 'rate_limited'),
      problem(429, 'rate_limited'),
      json({ success: true }),
    ]);
    await client(limited.fetch, waits).tokens.verify('0000-0000-0000-0000-0');
    expect(waits).toEqual([500, 1000]);

    const gone = scriptedFetch([problem(410, 'token_used', { 'retry-after': '1' })]);
    await expect(
      client(gone.fetch, waits).tokens.verify('0000-0000-0000-0000-0'),
    ).rejects.toMatchObject({ status: 410, code: 'token_used' });
    expect(gone.calls).toHaveLength(1);
  });

  it('sends the headers of the contract to the base URL without doubling its slash', async () => {
    let sent: { url: string; headers: Headers } | undefined;
    const capture: FetchLike = async (url, init) => {
      sent = { url, headers: new Headers(init.headers) };
      return json({ success: true })();
    };
    await client(capture, []).tokens.generate({ data: { a: 1 } });
    expect(sent!.url).toBe('https://tanqin.example.sa/v1/tokens/generate');
    expect(sent!.headers.get('x-client-id')).toBe('tqc_x');
    expect(sent!.headers.get('authorization')).toBe(`Basic ${btoa('tqk_live_x:tqs_live_x')}`);
    expect(sent!.headers.get('content-type')).toBe('application/json');
  });
});
