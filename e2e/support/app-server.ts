import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase } from '../../apps/api/src/db/open.ts';
import { openPglite } from '../../apps/api/src/db/pglite.ts';
import { freePort } from '../../apps/api/test/free-port.ts';
import { migratedPgliteCopy } from '../../apps/api/test/pglite-copy.ts';
import { launchBrowser, openPage, type viewports } from './browser.ts';

const webDistDir = path.resolve(import.meta.dirname, '../../apps/web/dist');

/**
 * The product as `npm start` runs it (embedded PGlite in a data folder, the built web app),
 * on a free port. `restart` closes and reopens it on the same data folder.
 */
export async function startAppServer(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tanqin-e2e-'));
  // The folder starts migrated, as after a first `npm start` (the API tests start from nothing):
  // the 120-odd migrations cost 11 s of CPU per server, loading a migrated copy 4 s.
  const seeded = await openPglite(path.join(dataDir, 'pglite'), await migratedPgliteCopy());
  await seeded.close();
  // The server knows its own address (PUBLIC_URL): the development identity provider is there.
  let port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDistDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...env,
  });
  let current: Awaited<ReturnType<typeof boot>>;

  async function boot() {
    const db = await openDatabase(config);
    const { app } = await buildApp({ config, db });
    await app.listen({ port, host: '127.0.0.1' });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : port;
    return { app, db };
  }

  async function stop() {
    await current.app.close();
    await current.db.close();
  }

  current = await boot();
  return {
    get baseUrl() {
      return `http://127.0.0.1:${port}`;
    },
    dataDir,
    async restart() {
      await stop();
      current = await boot();
    },
    async close() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type AppServer = Awaited<ReturnType<typeof startAppServer>>;

/**
 * The app server and a browser for the describe block it is called in: started before its
 * tests, closed after them. `openPage` opens a fresh context against the server.
 */
export function useAppAndBrowser(
  options: { env?: Record<string, string>; startTimeout?: number } = {},
) {
  const app = {
    server: undefined as unknown as AppServer,
    browser: undefined as unknown as Browser,
    openPage: (viewport?: keyof typeof viewports) =>
      openPage(app.browser, app.server.baseUrl, viewport),
  };
  beforeAll(async () => {
    app.server = await startAppServer(options.env);
    app.browser = await launchBrowser();
  }, options.startTimeout);
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.close();
  });
  return app;
}
