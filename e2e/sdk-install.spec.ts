// The SDK as an integrator meets it: `npm install <server>/sdk/tanqin-sdk-<version>.tgz` in an
// empty folder, then a plain .mjs run by plain Node (no TypeScript loader) issues and verifies a
// code against the running product. The tarball is the one the web build packs into dist/sdk.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegrator } from '../apps/api/test/harness.ts';
import { type AppServer, startAppServer } from './support/app-server.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '..');
const { version } = JSON.parse(
  readFileSync(path.join(repoRoot, 'packages/sdk/package.json'), 'utf8'),
) as { version: string };
const tarballPath = `/sdk/tanqin-sdk-${version}.tgz`;

/** The environment of a shell outside this repository: no npm_* settings of the running npm. */
function integratorEnv(extra: Record<string, string>) {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^npm_/i.test(name) && name !== 'NODE_OPTIONS') env[name] = value;
  }
  return { ...env, npm_config_update_notifier: 'false', npm_config_fund: 'false', ...extra };
}

const INTEGRATOR_SCRIPT = `import { codeToQrSvg, Tanqin, TanqinApiError } from '@tanqin/sdk';

const tanqin = new Tanqin({
  clientId: process.env.TANQIN_CLIENT_ID,
  apiKey: process.env.TANQIN_API_KEY,
  apiSecret: process.env.TANQIN_API_SECRET,
  baseUrl: process.env.TANQIN_URL,
});

const issued = await tanqin.tokens.generate({
  data: { full_name: 'محمد أحمد', national_id: '1012345678' },
  data_scope: ['identity'],
  expires_in: 600,
});
const qr = await codeToQrSvg(issued.token);
const verified = await tanqin.tokens.verify(issued.token);
let again;
try {
  await tanqin.tokens.verify(issued.token);
} catch (error) {
  again = error instanceof TanqinApiError ? error.code : String(error);
}
const { status } = await tanqin.tokens.status(issued.token_id);
console.log(JSON.stringify({ token: issued.token, qr, data: verified.data, again, status }));
`;

describe('the SDK served by the product', () => {
  let server: AppServer;
  let folder: string;

  beforeAll(async () => {
    server = await startAppServer();
    folder = mkdtempSync(path.join(tmpdir(), 'tanqin-integrator-'));
  });
  afterAll(async () => {
    await server?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('installs with npm from /sdk/tanqin-sdk-<version>.tgz and issues and verifies a code from plain Node', async () => {
    expect(
      existsSync(path.join(repoRoot, 'apps/web/dist', tarballPath)),
      'the web build packs the SDK: npm run build -w apps/web',
    ).toBe(true);
    const url = `${server.baseUrl}${tarballPath}`;
    const served = await fetch(url);
    expect(served.status).toBe(200);
    await served.arrayBuffer();

    // The URL names the SDK; its dependencies (@hpke for double-locked data, qrcode for the code
    // as a QR) come from the integrator's own registry.
    await run('npm', ['install', '--no-audit', url], { cwd: folder, env: integratorEnv({}) });
    const installed = JSON.parse(
      readFileSync(path.join(folder, 'node_modules/@tanqin/sdk/package.json'), 'utf8'),
    ) as { version: string; dependencies?: object };
    expect(installed.version).toBe(version);
    expect(Object.keys(installed.dependencies ?? {}).sort()).toEqual([
      '@hpke/core',
      '@hpke/dhkem-x25519',
      'qrcode',
    ]);
    // What the package ships: the build and its declarations, not the TypeScript source.
    expect(existsSync(path.join(folder, 'node_modules/@tanqin/sdk/dist/index.js'))).toBe(true);
    expect(existsSync(path.join(folder, 'node_modules/@tanqin/sdk/dist/index.d.ts'))).toBe(true);
    expect(existsSync(path.join(folder, 'node_modules/@tanqin/sdk/src'))).toBe(false);
    const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
    expect(manifest.dependencies['@tanqin/sdk']).toBe(url);

    const integrator = await createIntegrator(server.baseUrl);
    writeFileSync(path.join(folder, 'issue-and-verify.mjs'), INTEGRATOR_SCRIPT);
    const { stdout } = await run(process.execPath, ['issue-and-verify.mjs'], {
      cwd: folder,
      env: integratorEnv({
        TANQIN_URL: server.baseUrl,
        TANQIN_CLIENT_ID: integrator.organization.client_id,
        TANQIN_API_KEY: integrator.key.api_key,
        TANQIN_API_SECRET: integrator.key.api_secret,
      }),
    });
    const result = JSON.parse(stdout);
    expect(result.token).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}-[0-9A-Z]$/);
    expect(result.qr).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 33 33"/);
    expect(result.data).toEqual({ full_name: 'محمد أحمد', national_id: '1012345678' });
    expect(result.again).toBe('token_used');
    expect(result.status).toBe('used');
  });
});
