// `npm start`: builds the web app when its build is missing or older than its sources,
// then runs the one server (API + web app) on PORT, default 3000.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'packages/shared/src',
  // The web build packs the SDK into dist/sdk (scripts/pack-sdk.mjs).
  'packages/sdk/src',
  'packages/sdk/package.json',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((entry) => newestMtime(path.join(target, entry))));
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
if (builtAt < sourcesAt) {
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server is TypeScript: Node strips its types itself where it can (22.18+), tsx on Node 20.
const typescript = pathToFileURL(path.join(root, 'scripts/register-typescript.mjs')).href;
const server = spawnSync(process.execPath, ['--import', typescript, 'apps/api/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(server.status ?? 0);
