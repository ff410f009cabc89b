// `npm test`: makes sure Chromium is there for the browser tests, builds the web app,
// then runs every suite (shared, api, web components, end-to-end) with Vitest.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(chromium)) {
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(
      "Chromium is missing: installing Debian's chromium package for the browser tests...",
    );
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(
      `Chromium was not found at ${chromium}. Install it (Debian/Ubuntu: sudo apt-get install chromium)` +
        ' or point CHROMIUM_PATH at a Chromium or Chrome binary, then run npm test again.',
    );
    process.exit(1);
  }
}

run('npm', ['run', 'build', '-w', 'apps/web']);
const args = process.argv.slice(2);
// Every suite but the deployment one, which `npm run test:ops` runs (scripts/test-ops.mjs).
const suites = args.includes('--project')
  ? []
  : ['shared', 'api', 'web', 'e2e'].flatMap((name) => ['--project', name]);
run(process.execPath, [
  path.join(root, 'node_modules/vitest/vitest.mjs'),
  'run',
  ...suites,
  ...args,
]);
