// `node scripts/pack-sdk.mjs <folder>`: packs the SDK as npm would publish it (packages/sdk, built
// to JavaScript and .d.ts by its prepack script) into <folder>/tanqin-sdk-<version>.tgz. The web
// build runs it into apps/web/dist/sdk, so every deployment serves its own SDK at
// /sdk/tanqin-sdk-<version>.tgz for `npm install <that address>`.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const destination = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist/sdk'));
mkdirSync(destination, { recursive: true });
const packed = execFileSync(
  'npm',
  ['pack', '--workspace', 'packages/sdk', '--pack-destination', destination, '--json'],
  { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
);
const [{ filename, files }] = JSON.parse(packed.slice(packed.indexOf('[')));
console.log(`SDK packed: ${path.join(destination, filename)} (${files.length} files)`);
