// `npm run lighthouse`: Lighthouse scores and the landing page's JS/CSS sizes.
//
// Builds the web app when its build is missing or older than its sources, starts the product
// (API + built web app, as `npm start`) on a free port with a throw-away data folder, and runs
// Lighthouse with Debian's Chromium (headless) on the landing page: the mobile default and the
// desktop preset. Prints the performance / accessibility / best-practices / SEO scores, the
// metrics, the machine's load average, and the gzip sizes of the JavaScript and CSS the page
// loaded in the mobile runs (no interaction) and of all the landing page's script on use (the
// islands build, from its Vite manifest).
//
//   npm run lighthouse                  one run per form factor
//   npm run lighthouse -- --runs 3      the median of three runs per form factor
//   npm run lighthouse -- --path /faq   another page
//   npm run lighthouse -- --cookie lang=en   with a cookie (here: the landing page in English)
//   LIGHTHOUSE_JSON=out.json npm run lighthouse    also writes the figures as JSON
//   CHROME_PATH=/path/to/chrome npm run lighthouse
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
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
    cookie: { type: 'string' },
  },
});
const runs = Math.max(1, Number(options.runs) || 1);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = {
  fcp_ms: 'first-contentful-paint',
  lcp_ms: 'largest-contentful-paint',
  tbt_ms: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speed_index_ms: 'speed-index',
};

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
  const child = spawn(
    process.execPath,
    ['--import', './scripts/register-typescript.mjs', 'apps/api/src/main.ts'],
    {
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
    },
  );
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

const gzipSize = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** The built files (under dist/) a run fetched from the product, by kind. */
function fetchedFiles(requests, baseUrl) {
  const files = new Map();
  for (const request of requests) {
    if (!request.url.startsWith(`${baseUrl}/`)) continue;
    const file = new URL(request.url).pathname.slice(1);
    const kind = /\.js$/.test(file) ? 'JavaScript' : /\.css$/.test(file) ? 'CSS' : undefined;
    if (kind && existsSync(path.join(dist, file))) files.set(file, kind);
  }
  return files;
}

/**
 * All the script the landing page can load on use: the islands build's entry and every chunk it
 * imports, now or later, but the texts (src/locales: a reader fetches two small ones, in one
 * language).
 */
function islandsFiles() {
  const manifestFile = path.join(dist, '.vite/islands-manifest.json');
  if (!existsSync(manifestFile)) return [];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file) || key.includes('src/locales/')) return;
    files.add(chunk.file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return [...files];
}

function printSizes(loaded) {
  const sizes = {};
  console.log('\nFetched in the mobile runs (apps/web/dist, gzip -9):');
  for (const [label, kind] of [
    ['JavaScript', 'JavaScript'],
    ['CSS', 'CSS'],
  ]) {
    const files = [...loaded].filter(([, fileKind]) => fileKind === kind).map(([file]) => file);
    const gzip = files.reduce((sum, file) => sum + gzipSize(file), 0);
    for (const file of files) console.log(`  ${file.padEnd(48)} gzip ${kb(gzipSize(file))} kB`);
    console.log(`  ${`${label} (${files.length} files)`.padEnd(48)} gzip ${kb(gzip)} kB`);
    sizes[label] = kb(gzip);
  }
  const onUse = islandsFiles();
  sizes.onUse = kb(onUse.reduce((sum, file) => sum + gzipSize(file), 0));
  console.log(
    `The landing page's script on use (the islands build, ${onUse.length} files): gzip ${sizes.onUse} kB`,
  );
  return sizes;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/**
 * Puts a cookie in the browser's jar, where the page's script sees it too (a request header
 * alone would not be in `document.cookie`). Lighthouse's storage reset leaves cookies.
 */
async function setCookie(port, url, cookie) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const [name, ...value] = cookie.split('=');
  await browser.contexts()[0].addCookies([{ name, value: value.join('='), url }]);
  await browser.close(); // disconnects; the browser and its default context's cookies stay
}

async function audit(url, formFactor) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    if (options.cookie) await setCookie(chrome.port, url, options.cookie);
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
    if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
    return {
      scores: Object.fromEntries(
        CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]),
      ),
      metrics: Object.fromEntries(
        Object.entries(METRICS).map(([name, id]) => [name, audits[id]?.numericValue ?? null]),
      ),
      requests: audits['network-requests']?.details?.items ?? [],
      failing: [...new Set(failing)],
    };
  } finally {
    chrome.kill();
  }
}

/** One audit, again if Lighthouse could not read the trace (it happens on a loaded machine). */
async function auditWithRetry(url, formFactor) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url, formFactor);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  (run failed: ${error.message}; again)`);
    }
  }
}

const round = (value, digits) => (value === null ? null : Number(value.toFixed(digits)));

buildIfNeeded();
const product = await startProduct();
const figures = { machine: { cpus: cpus().length, load_average_start: loadavg()[0] } };
try {
  const url = `${product.baseUrl}${options.path}`;
  console.log(
    `Lighthouse ${JSON.parse(readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version} on ${url} (${runs} run${runs > 1 ? 's' : ''} each, median); load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs`,
  );
  let loaded = new Map();
  for (const formFactor of ['mobile', 'desktop']) {
    const results = [];
    for (let run = 0; run < runs; run += 1) results.push(await auditWithRetry(url, formFactor));
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, median(results.map((r) => r.scores[id]))]),
    );
    const metrics = Object.fromEntries(
      Object.keys(METRICS).map((name) => [name, median(results.map((r) => r.metrics[name]))]),
    );
    figures[formFactor] = {
      performance: scores.performance,
      accessibility: scores.accessibility,
      best_practices: scores['best-practices'],
      seo: scores.seo,
      runs: results.map((r) => r.scores.performance),
      ...Object.fromEntries(
        Object.entries(metrics).map(([name, value]) => [
          name,
          round(value, name === 'cls' ? 3 : 0),
        ]),
      ),
    };
    if (formFactor === 'mobile') {
      loaded = new Map(results.flatMap((r) => [...fetchedFiles(r.requests, product.baseUrl)]));
    }
    const last = results.at(-1);
    console.log(
      `\n${formFactor}: ${CATEGORIES.map((id) => `${id} ${scores[id]}`).join(' · ')} (performance by run: ${figures[formFactor].runs.join(', ')})`,
    );
    console.log(
      `  median FCP ${metrics.fcp_ms?.toFixed(0)} ms · LCP ${metrics.lcp_ms?.toFixed(0)} ms · TBT ${metrics.tbt_ms?.toFixed(0)} ms · CLS ${metrics.cls?.toFixed(3)} · SI ${metrics.speed_index_ms?.toFixed(0)} ms`,
    );
    if (last.failing.length) console.log(`  below 0.9 in the last run: ${last.failing.join(', ')}`);
  }
  const sizes = printSizes(loaded);
  figures.landing_js_gzip_kb = sizes.JavaScript;
  figures.landing_css_gzip_kb = sizes.CSS;
  figures.landing_js_on_use_gzip_kb = sizes.onUse;
  figures.machine.load_average_end = loadavg()[0];
  console.log(`\nLoad average ${loadavg()[0].toFixed(1)} at the end.`);
  if (process.env.LIGHTHOUSE_JSON) {
    writeFileSync(process.env.LIGHTHOUSE_JSON, `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`Figures written to ${process.env.LIGHTHOUSE_JSON}`);
  }
} finally {
  await product.stop();
}
