// `npm run test:ops`: the deployment of docs/operations/deployment.md, from the files of deploy/:
// Debian's nginx in front of two production server processes on PostgreSQL and Redis. Installs
// nginx when it is missing (as root on Debian, the way scripts/test.mjs installs Chromium).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

if (!existsSync(nginx)) {
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log("nginx is missing: installing Debian's nginx package for the deployment test...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env });
  } else {
    console.error(
      `nginx was not found at ${nginx}. Install it (Debian/Ubuntu: sudo apt-get install nginx)` +
        ' or point NGINX_PATH at an nginx binary, then run npm run test:ops again.',
    );
    process.exit(1);
  }
}

const result = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--project',
    'ops',
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
