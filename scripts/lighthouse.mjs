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
//   npm run lighthouse -- --path /faq   another page (repeat --path for several, one after another)
//   npm run lighthouse -- --cookie lang=en   with a cookie (here: the landing page in English)
//   npm run lighthouse -- --person --path /dashboard   signed in as a person: registers, confirms
//       and proves a new person through the API of the throw-away server, and puts the session
//       in localStorage (where the web app keeps it) before each run
//   npm run lighthouse -- --form-factor mobile   the mobile runs only (or desktop)
//   LIGHTHOUSE_JSON=out.json npm run lighthouse    also writes the figures as JSON
//   LIGHTHOUSE_REPORT_DIR=dir npm run lighthouse   also keeps each run's whole report (the LCP element, the tasks)
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
    path: { type: 'string', multiple: true, default: ['/'] },
    cookie: { type: 'string' },
    person: { type: 'boolean', default: false },
    'form-factor': { type: 'string', default: 'both' },
  },
});
const formFactors =
  options['form-factor'] === 'both' ? ['mobile', 'desktop'] : [options['form-factor']];
if (!formFactors.every((formFactor) => ['mobile', 'desktop'].includes(formFactor))) {
  console.error('--form-factor is mobile, desktop or both');
  process.exit(2);
}
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
        // The development identity provider (for --person) runs on a local PUBLIC_URL.
        PUBLIC_URL: `http://127.0.0.1:${port}`,
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
  // Three minutes: on a busy machine (load 30 on two cores) the start alone has taken over 60 s.
  const deadline = Date.now() + 180_000;
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
      throw new Error('The server did not answer within 180 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseUrl, dataDir, stop };
}

/** The 6-digit code of the last message the server "sent" to `to` (its local outbox). */
function lastCodeTo(dataDir, to) {
  const lines = readFileSync(path.join(dataDir, 'outbox.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean);
  const message = lines.map((line) => JSON.parse(line)).findLast((line) => line.to === to);
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code was sent to ${to}`);
  return code;
}

/** The Luhn sum of a Saudi national id (packages/shared/src/national-id.ts): a valid one is 0 mod 10. */
const luhnSum = (id) =>
  [...id].reduce((sum, char, index) => {
    const digit = Number(char) * (index % 2 === 0 ? 2 : 1);
    return sum + (digit > 9 ? digit - 9 : digit);
  }, 0);

/**
 * A person as after registering, confirming the phone and proving the national id at the
 * development identity provider, all through the API (as e2e/support/individuals.ts does);
 * returns the session token the web app keeps in localStorage.
 */
async function signedInPerson({ baseUrl, dataDir }) {
  const { request } = await import('playwright-core');
  const api = await request.newContext({ baseURL: baseUrl });
  try {
    const stamp = String(Date.now());
    const prefix = `1${stamp.slice(-8)}`;
    const nationalId = [...'0123456789']
      .map((digit) => `${prefix}${digit}`)
      .find((id) => luhnSum(id) % 10 === 0);
    const person = {
      email: `lighthouse-${stamp}@example.sa`,
      password: 'Secret123',
      phoneNumber: `05${stamp.slice(-8)}`,
      nationalId,
      firstName: 'سارة',
      lastName: 'العتيبي',
    };
    const registered = await api.post('/api/v1/auth/register/individual', {
      data: { ...person, confirmPassword: person.password, method: 'sms' },
    });
    if (registered.status() !== 201) throw new Error(`register: ${registered.status()}`);
    const { token } = await registered.json();
    const headers = { Authorization: `Bearer ${token}` };
    const confirmed = await api.post('/api/v1/auth/verify/individual', {
      headers,
      data: { method: 'sms', code: lastCodeTo(dataDir, person.phoneNumber) },
    });
    if (!confirmed.ok()) throw new Error(`confirm: ${confirmed.status()}`);
    const start = await api.post('/api/v1/individuals/me/identity/start', { headers });
    if (!start.ok()) throw new Error(`identity start: ${start.status()}`);
    const signIn = await api.get((await start.json()).authorization_url);
    const action = (await signIn.text()).match(/<form method="post" action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`no sign-in form at ${signIn.url()}`);
    const back = await api.post(new URL(action, signIn.url()).href, {
      form: { national_id: nationalId },
    });
    const callback = new URL(back.url());
    if (callback.pathname !== '/identity/callback') throw new Error(`ended at ${back.url()}`);
    const complete = await api.post('/api/v1/individuals/me/identity/complete', {
      headers,
      data: Object.fromEntries(callback.searchParams),
    });
    if (!complete.ok()) throw new Error(`identity complete: ${complete.status()}`);
    return token;
  } finally {
    await api.dispose();
  }
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

function printSizes(loaded, landing) {
  const sizes = { files: {} };
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
    sizes.files[label] = files.length;
  }
  if (!landing) return sizes;
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

/**
 * Puts the person's session where the web app keeps it (localStorage `auth_token`), from a page
 * of the origin that loads none of the app's files (so the HTTP cache stays cold). Lighthouse's
 * storage reset leaves localStorage.
 */
async function setPersonToken(port, url, token) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(new URL('/robots.txt', url).href);
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
  await page.close();
  await browser.close();
}

let personToken;

/** The whole report of each run (LIGHTHOUSE_REPORT_DIR), to read which element was the LCP and why. */
async function keepReport({ lhr, artifacts }, url, formFactor) {
  const { mkdir, writeFile } = await import('node:fs/promises');
  const dir = process.env.LIGHTHOUSE_REPORT_DIR;
  await mkdir(dir, { recursive: true });
  const page = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing';
  const file = `${dir}/${page}-${formFactor}-${Date.now()}`;
  await writeFile(`${file}.json`, JSON.stringify(lhr));
  // The trace opens in Chromium's performance panel.
  if (artifacts?.Trace) await writeFile(`${file}.trace.json`, JSON.stringify(artifacts.Trace));
}

async function audit(url, formFactor) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    if (options.cookie) await setCookie(chrome.port, url, options.cookie);
    if (personToken) await setPersonToken(chrome.port, url, personToken);
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      ...(process.env.LIGHTHOUSE_REPORT_DIR && {
        additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler',
      }),
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
    if (process.env.LIGHTHOUSE_REPORT_DIR) await keepReport(result, url, formFactor);
    // A signed-in page that sent the browser to sign in measured the wrong page.
    if (new URL(result.lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`ended at ${result.lhr.finalDisplayedUrl}, not ${url}`);
    }
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
const figures = { machine: { cpus: cpus().length, load_average_start: loadavg()[0] }, pages: {} };
try {
  if (options.person) personToken = await signedInPerson(product);
  console.log(
    `Lighthouse ${JSON.parse(readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version} on ${product.baseUrl} (${runs} run${runs > 1 ? 's' : ''} each, median)${options.person ? ', signed in as a person' : ''}; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs`,
  );
  for (const pagePath of options.path) {
    const url = `${product.baseUrl}${pagePath}`;
    console.log(`\n== ${pagePath}`);
    const page = {};
    let loaded = new Map();
    for (const formFactor of formFactors) {
      const results = [];
      for (let run = 0; run < runs; run += 1) results.push(await auditWithRetry(url, formFactor));
      const scores = Object.fromEntries(
        CATEGORIES.map((id) => [id, median(results.map((r) => r.scores[id]))]),
      );
      const metrics = Object.fromEntries(
        Object.keys(METRICS).map((name) => [name, median(results.map((r) => r.metrics[name]))]),
      );
      page[formFactor] = {
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
        requests: median(results.map((r) => r.requests.length)),
        load_average: round(loadavg()[0], 1),
      };
      if (formFactor === 'mobile' || formFactors.length === 1) {
        loaded = new Map(results.flatMap((r) => [...fetchedFiles(r.requests, product.baseUrl)]));
      }
      const last = results.at(-1);
      console.log(
        `\n${formFactor}: ${CATEGORIES.map((id) => `${id} ${scores[id]}`).join(' · ')} (performance by run: ${page[formFactor].runs.join(', ')})`,
      );
      console.log(
        `  median FCP ${metrics.fcp_ms?.toFixed(0)} ms · LCP ${metrics.lcp_ms?.toFixed(0)} ms · TBT ${metrics.tbt_ms?.toFixed(0)} ms · CLS ${metrics.cls?.toFixed(3)} · SI ${metrics.speed_index_ms?.toFixed(0)} ms · ${page[formFactor].requests} requests · load average ${page[formFactor].load_average}`,
      );
      if (last.failing.length)
        console.log(`  below 0.9 in the last run: ${last.failing.join(', ')}`);
    }
    const sizes = printSizes(loaded, pagePath === '/');
    page.js_files = sizes.files.JavaScript;
    page.js_gzip_kb = sizes.JavaScript;
    page.css_gzip_kb = sizes.CSS;
    figures.pages[pagePath] = page;
    if (pagePath === '/') {
      figures.mobile = page.mobile;
      figures.desktop = page.desktop;
      figures.landing_js_gzip_kb = sizes.JavaScript;
      figures.landing_css_gzip_kb = sizes.CSS;
      figures.landing_js_on_use_gzip_kb = sizes.onUse;
    }
  }
  figures.machine.load_average_end = loadavg()[0];
  console.log(`\nLoad average ${loadavg()[0].toFixed(1)} at the end.`);
  if (process.env.LIGHTHOUSE_JSON) {
    writeFileSync(process.env.LIGHTHOUSE_JSON, `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`Figures written to ${process.env.LIGHTHOUSE_JSON}`);
  }
} finally {
  await product.stop();
}
