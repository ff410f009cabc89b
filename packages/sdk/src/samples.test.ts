import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasValidChecksum } from '../../../apps/api/src/lib/secret-format.ts';
import {
  curlSample,
  SAMPLE_CODE,
  sampleResponse,
  sdkSample,
} from '../../../apps/web/src/features/landing/components/api-samples.ts';
import { buildSdkSnippet } from '../../../apps/web/src/features/org-dashboard/dashboard/sdk-snippet.ts';
import { type Integrator, type SdkTestServer, startSdkTestServer } from '../test/test-server.ts';
import { Tanqin } from './index.ts';
import { isWellFormedToken } from './token-code.ts';

/**
 * Runs an SDK sample as a user would paste it: TypeScript transpiled, its import of
 * `@tanqin/sdk` resolved to this package, `process.env` holding the integrator's key.
 */
async function runSdkSample(code: string, integrator: Integrator) {
  const importLine = "import { Tanqin } from '@tanqin/sdk';";
  expect(code.startsWith(importLine)).toBe(true);
  const sdk = await import('@tanqin/sdk');
  expect(sdk.Tanqin).toBe(Tanqin);
  const js = ts.transpileModule(code.slice(importLine.length), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
  const run = new AsyncFunction(
    'Tanqin',
    'process',
    `${js}\nreturn { tanqin, token, expires_at };`,
  );
  return (await run(sdk.Tanqin, {
    env: { TANQIN_API_KEY: integrator.apiKey, TANQIN_API_SECRET: integrator.apiSecret },
  })) as { tanqin: Tanqin; token: string; expires_at: string };
}

/** Splits an HTTP/1.1 response text (as curl -i prints it) into status line, headers, body. */
function parseHttpResponse(text: string) {
  const [head = '', body = ''] = text.replace(/\r\n/g, '\n').split('\n\n', 2);
  const [statusLine = '', ...headerLines] = head.split('\n');
  const headers = new Map(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
  return { statusLine, headers, body: JSON.parse(body) as Record<string, unknown> };
}

describe('the landing page and dashboard samples, run against the real API', () => {
  let api: SdkTestServer;
  beforeAll(async () => {
    api = await startSdkTestServer();
  });
  afterAll(() => api?.server.close());

  it('shows sample values in the real formats', () => {
    expect(isWellFormedToken(SAMPLE_CODE)).toBe(true);
    const text = curlSample('http://localhost:3000') + sdkSample('http://localhost:3000');
    const found = (pattern: RegExp) => [...new Set(text.match(pattern))];
    for (const [prefix, pattern] of [
      ['tqc_', /tqc_[0-9A-Za-z]+/g],
      ['tqk_live_', /tqk_live_[0-9A-Za-z]+/g],
      ['tqs_live_', /tqs_live_[0-9A-Za-z]+/g],
    ] as const) {
      const values = found(pattern);
      expect(values.length, prefix).toBeGreaterThan(0);
      for (const value of values) expect(hasValidChecksum(prefix, value), value).toBe(true);
    }
  });

  it('the cURL sample, run by a shell with real credentials, gets the sample response', async () => {
    const issuer = await api.integrator();
    const audience = await api.integrator();
    const script = curlSample(api.server.baseUrl)
      .replace(/tqk_live_[0-9A-Za-z]+/, issuer.apiKey)
      .replace(/tqs_live_[0-9A-Za-z]+/, issuer.apiSecret)
      .replace(/X-Client-Id: tqc_[0-9A-Za-z]+/, `X-Client-Id: ${issuer.clientId}`)
      .replace(/"audience": "tqc_[0-9A-Za-z]+"/, `"audience": "${audience.clientId}"`);
    const { stdout } = await promisify(execFile)('bash', ['-c', `${script} --silent --include`]);

    const real = parseHttpResponse(stdout);
    const sample = parseHttpResponse(sampleResponse);
    expect(real.statusLine).toBe(sample.statusLine);
    for (const [name, value] of sample.headers) expect(real.headers.get(name), name).toBe(value);
    expect(Object.keys(real.body)).toEqual(Object.keys(sample.body));
    for (const body of [real.body, sample.body]) {
      expect(body).toMatchObject({ success: true, message: 'Token generated successfully' });
      expect(isWellFormedToken(String(body.token))).toBe(true);
      expect(body.reference_id).toBe(body.token_id);
      expect(String(body.token_id)).toMatch(/^tok_[0-9A-Za-z]+$/);
      expect(Date.parse(String(body.expires_at)) - Date.parse(String(body.created_at))).toBe(
        3_600_000,
      );
    }
    // The sample addresses the code to another organisation: only that one can read it.
    const verified = await audience.client().tokens.verify(String(real.body.token));
    expect(Object.keys(verified.data)).toEqual(['full_name', 'national_id']);
    expect(verified.data_scope).toEqual(['identity']);
  });

  it("the landing page's SDK sample runs as shown", async () => {
    const issuer = await api.integrator();
    const code = sdkSample(api.server.baseUrl).replace(/tqc_[0-9A-Za-z]+/, issuer.clientId);
    const { tanqin, token, expires_at } = await runSdkSample(code, issuer);
    expect(isWellFormedToken(token)).toBe(true);
    expect(Date.parse(expires_at)).toBe(api.clock.now().getTime() + 3_600_000);
    const verified = await tanqin.tokens.verify(token);
    expect(Object.keys(verified.data)).toEqual(['full_name', 'national_id']);
    expect(verified.issuer.client_id).toBe(issuer.clientId);
  });

  it("the dashboard's snippet runs as shown with the organisation's client id", async () => {
    const issuer = await api.integrator();
    const { tanqin, token } = await runSdkSample(
      buildSdkSnippet(issuer.clientId, api.server.baseUrl),
      issuer,
    );
    expect((await tanqin.tokens.verify(token)).data).toEqual({
      full_name: 'محمد أحمد',
      national_id: '1012345678',
    });
  });
});
