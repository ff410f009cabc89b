import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultServerConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';

// packages/sdk exports its source under this condition (integrators get its build, dist/).
// Without 'module': a package's "module" build may be ESM that only a bundler runs (prom-client's
// optional @opentelemetry/api imports files without extensions), and the server runs on Node.
const sourceConditions = [
  '@tanqin/source',
  ...defaultServerConditions.filter((condition) => condition !== 'module'),
];

/**
 * The operator's commands and a process's life (backup and restore, migrate, the data folder's
 * lock, the drain on SIGTERM): each starts real server or command processes, about 4 minutes of a
 * worker together. They run with the deployment suite (`npm run test:ops`, also in CI), which
 * keeps `npm test` within its 20 minutes.
 */
const operatorSuites = [
  'apps/api/test/backup-restore.test.ts',
  'apps/api/test/data-folder.test.ts',
  'apps/api/test/migrate-command.test.ts',
  'apps/api/test/server-stop.test.ts',
];

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker, so every file ran after the other. Many tests
    // wait on a server, a database or Chromium, and a browser file leaves a core idle about half
    // its time: three at a time, browser files among the others, keep both cores busy.
    maxWorkers: 3,
    projects: [
      {
        ssr: { resolve: { conditions: sourceConditions } },
        test: {
          name: 'shared',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
          // The SDK's tests boot the real API on an embedded database once per file.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...operatorSuites],
          environment: 'node',
          // Each file imported the whole server again (5-6 s of a worker per file, about 500 s of a
          // run); a worker now keeps its modules for the next file. Every file already builds
          // several apps in one module context, so none relies on fresh modules.
          isolate: false,
          env: { NODE_ENV: 'test' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react(), tailwindcss()],
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        // `npm run test:ops`: the deployment of docs/operations/deployment.md from deploy/ (nginx,
        // two production processes, PostgreSQL, Redis), a Redis outage, mail and SMS from a
        // production process to an SMTP server and a Twilio-speaking one, and the operator suites
        // above. Not part of `npm test` (scripts/test.mjs).
        test: {
          name: 'ops',
          include: ['apps/api/ops-test/**/*.test.ts', ...operatorSuites],
          environment: 'node',
          env: { NODE_ENV: 'test' },
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          isolate: false,
          env: { NODE_ENV: 'test' },
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
