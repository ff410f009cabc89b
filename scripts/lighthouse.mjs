// `npm run lighthouse`: Lighthouse scores and the landing page's JS/CSS sizes.
//
// Builds the web app when its build is missing or older than its sources, starts the product
// (API + built web app, as `npm start`) on a free port with a throw-away data folder, and runs
// Lighthouse with Debian's Chromium (headless) on the landing page: the mobile default and the
// desktop preset. Prints the performance / accessibility / best-practices / SEO scores and the
// gzip sizes of the JavaScript and CSS the landing page loads, read from the Vite manifest.
//
//   npm run lighthouse                  one run per form factor
//   npm run lighthouse -- --runs 3      the median of three runs per form factor
//   npm run lighthouse -- --path /faq   another page (sizes are still the landing page's)
//   CHROME_PATH=/path/to/chrome npm run lighthouse
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    path: { type: 'string', default: '/' },
  },
});
const runs = Math.max(1, Number(options.runs) || 1);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((entry) => newestMtime(path.join(target, entry))));
}

function buildIfNeeded() {
  const manifest = path.join(dist, '.vite/manifest.json');
  const builtAt = existsSync(manifest) ? statSync(manifest).mtimeMs : 0;
  const sources = [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/public',
    'apps/web/scripts',
    'apps/web/vite.config.ts',
    'packages/shared/src',
  ];
  if (builtAt >= Math.max(...sources.map((source) => newestMtime(path.join(root, source))))) return;
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startProduct() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tanqin-lighthouse-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: dist,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('The server did not answer within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseUrl, stop };
}

/** The files the landing page loads: the entry, the app and their static imports, the landing route's. */
function landingFiles() {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  // The entry (src/boot.ts) imports the app (src/main.tsx) once the pre-rendered page is painted.
  for (const key of manifest['index.html']?.dynamicImports ?? []) visit(key);
  const landingRoute = Object.keys(manifest).find((key) => key.endsWith('src/routes/landing.tsx'));
  if (landingRoute) visit(landingRoute);
  return [...files];
}

function printSizes() {
  const rows = landingFiles().map((file) => {
    const content = readFileSync(path.join(dist, file));
    return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log('\nLanding page assets (apps/web/dist, gzip -9):');
  for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
    console.log(
      `  ${row.file.padEnd(44)} ${kb(row.raw).padStart(10)}  gzip ${kb(row.gzip).padStart(9)}`,
    );
  }
  for (const [label, pattern] of [
    ['JavaScript', /\.js$/],
    ['CSS', /\.css$/],
  ]) {
    const picked = rows.filter((row) => pattern.test(row.file));
    const raw = picked.reduce((sum, row) => sum + row.raw, 0);
    const gzip = picked.reduce((sum, row) => sum + row.gzip, 0);
    console.log(
      `  ${`${label} total (${picked.length} files)`.padEnd(44)} ${kb(raw).padStart(10)}  gzip ${kb(gzip).padStart(9)}`,
    );
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

async function audit(url, formFactor) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    };
    const result = await lighthouse(
      url,
      flags,
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    const { categories, audits } = result.lhr;
    const failing = Object.values(categories)
      .flatMap((category) => category.auditRefs)
      .map((ref) => audits[ref.id])
      .filter(
        (item) =>
          item &&
          item.score !== null &&
          item.score < 0.9 &&
          item.scoreDisplayMode !== 'informative',
      )
      .map((item) => `${item.id}${item.displayValue ? ` (${item.displayValue})` : ''}`);
    return {
      scores: Object.fromEntries(
        CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]),
      ),
      metrics: {
        FCP: audits['first-contentful-paint']?.displayValue,
        LCP: audits['largest-contentful-paint']?.displayValue,
        TBT: audits['total-blocking-time']?.displayValue,
        CLS: audits['cumulative-layout-shift']?.displayValue,
      },
      failing: [...new Set(failing)],
    };
  } finally {
    chrome.kill();
  }
}

buildIfNeeded();
const product = await startProduct();
try {
  const url = `${product.baseUrl}${options.path}`;
  console.log(
    `Lighthouse ${JSON.parse(readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version} on ${url} (${runs} run${runs > 1 ? 's' : ''} each, median)`,
  );
  for (const formFactor of ['mobile', 'desktop']) {
    const results = [];
    for (let run = 0; run < runs; run += 1) results.push(await audit(url, formFactor));
    const scores = CATEGORIES.map((id) => `${id} ${median(results.map((r) => r.scores[id]))}`);
    const last = results.at(-1);
    console.log(`\n${formFactor}: ${scores.join(' · ')}`);
    console.log(
      `  ${Object.entries(last.metrics)
        .map(([name, value]) => `${name} ${value}`)
        .join(' · ')}`,
    );
    if (last.failing.length) console.log(`  below 0.9 in the last run: ${last.failing.join(', ')}`);
  }
  printSizes();
} finally {
  await product.stop();
}
