import { readFileSync } from 'node:fs';
import axe from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from './support/app-server.ts';
import { launchBrowser, viewports } from './support/browser.ts';
import { registerConfirmedPerson } from './support/individuals.ts';
import { signIn, signUpOrganization } from './support/organizations.ts';

/**
 * Every route of the route table (spec section 2, apps/web/src/app/router.tsx), in Arabic and in
 * English: the page is in the reader's language (`lang`, `dir`, its own `<title>`) and axe-core
 * finds no serious or critical violation. Extend these lists when a route is added (a test below
 * fails on a route of the table that none of them visits).
 */
const PUBLIC_ROUTES = [
  '/',
  '/org-auth',
  '/org-auth?tab=signup',
  '/login',
  '/register',
  '/forgot-password',
  '/join',
  '/about',
  '/terms',
  '/privacy',
  '/faq',
  '/services-guide',
  '/pricing',
  '/contact',
  '/chat',
  '/docs',
  '/receipt',
  '/confirm-destination',
  '/r/vrq_noSuchRequest',
  '/no-such-page',
];
const ORGANISATION_ROUTES = [
  '/org-dashboard',
  '/org-dashboard?section=keys',
  '/org-dashboard?section=wallet',
  '/org-dashboard?section=data',
  '/org-dashboard?section=verification',
  '/org-dashboard?section=settings',
  '/documentation',
];
const PERSONAL_ROUTES = ['/dashboard', '/profile-settings', '/documents', '/identity/callback'];
/** Routes of the table that are no page of their own: `/signup` redirects to the sign-up tab. */
const REDIRECTS = ['/signup'];

const ARABIC_LETTER = /[\u0600-\u06FF]/;
const LANDING_TITLE = { ar: 'تنقين | الهوية المؤقتة', en: 'Tanqin | Temporary Identity' };

it('visits every route of the route table', () => {
  const table = readFileSync(new URL('../apps/web/src/app/router.tsx', import.meta.url), 'utf8');
  const paths = [...table.matchAll(/\bpath: '([^']+)'/g)].map((match) => match[1]!);
  expect(paths.length).toBeGreaterThan(20);
  const visited = new Set(
    [...PUBLIC_ROUTES, ...ORGANISATION_ROUTES, ...PERSONAL_ROUTES, ...REDIRECTS].map((route) =>
      route.replace(/\?.*$/, ''),
    ),
  );
  // A path with a parameter (`/r/:id`) is visited by any route it matches.
  const matches = (path: string) => {
    const pattern = new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`);
    return [...visited].some((route) => pattern.test(route));
  };
  const unvisited = paths.filter((path) => path !== '*' && !matches(path));
  expect(unvisited).toEqual([]);
});

type Language = 'ar' | 'en';

interface Finding {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** Waits until the route has rendered and settled: its data loaded, no skeleton left. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 5_000 })
    .catch(() => undefined);
  // Toasts and transitions finish their entrance (150-300 ms) before colours are measured.
  await page
    .waitForFunction(
      () => document.getAnimations().every((animation) => animation.playState !== 'running'),
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined); // a spinner may turn for ever
}

/** axe-core in the page (evaluated over CDP, which the app's CSP does not block). */
async function seriousViolations(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        nodes: violation.nodes
          .slice(0, 5)
          .map((node) => `${node.target.join(' ')} :: ${node.failureSummary ?? ''}`),
      }));
  });
}

async function newContext(browser: Browser, baseURL: string, language: Language) {
  const context = await browser.newContext({
    baseURL,
    viewport: viewports.desktop,
    locale: 'ar-SA',
  });
  // The language switch's choice, as a returning visitor has it.
  await context.addInitScript((lang) => {
    if (lang === 'en') localStorage.setItem('lang', 'en');
    else localStorage.removeItem('lang');
  }, language);
  return context;
}

/** The tab's title of each route visited, to find two routes that share one. */
const titles = new Map<string, string>();

async function check(page: Page, route: string, language: Language) {
  await page.goto(route);
  await settle(page);
  expect(await page.getAttribute('html', 'lang')).toBe(language);
  expect(await page.getAttribute('html', 'dir')).toBe(language === 'en' ? 'ltr' : 'rtl');
  // The page's own title, in the reader's language ("Sign in | Tanqin", "تسجيل الدخول | تنقين").
  const title = await page.title();
  if (language === 'en') {
    expect(title, route).toMatch(/ \| Tanqin$|^Tanqin \| /);
    expect(title, route).not.toMatch(ARABIC_LETTER);
  } else {
    expect(title, route).toMatch(/ \| تنقين$|^تنقين \| /);
  }
  if (route === '/') expect(title).toBe(LANDING_TITLE[language]);
  else expect(title, route).not.toBe(LANDING_TITLE[language]);
  titles.set(`${language} ${route}`, title);
  return seriousViolations(page);
}

describe.each(['ar', 'en'] as const)('axe-core in %s', (language) => {
  let server: AppServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let anonymous: Page;
  let organisation: Page;
  let person: Page;

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    for (let index = 0; index < 3; index += 1) {
      contexts.push(await newContext(browser, server.baseUrl, language));
    }
    const [first, second, third] = contexts as [BrowserContext, BrowserContext, BrowserContext];
    anonymous = await first.newPage();
    organisation = await second.newPage();
    const { admin } = await signUpOrganization(
      organisation,
      `a11y-${language}`,
      language === 'en' ? 'Accessible Organisation' : 'جهة الوصول',
    );
    await signIn(organisation, admin);
    person = await third.newPage();
    await registerConfirmedPerson(person, server.dataDir);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  it.each(PUBLIC_ROUTES)('%s has no serious or critical violation', async (route) => {
    expect(await check(anonymous, route, language)).toEqual([]);
  });

  it.each(ORGANISATION_ROUTES)('%s (organisation) has none', async (route) => {
    expect(await check(organisation, route, language)).toEqual([]);
    expect(new URL(organisation.url()).pathname).toBe(route.replace(/\?.*$/, ''));
  });

  it.each(PERSONAL_ROUTES)('%s (individual) has none', async (route) => {
    expect(await check(person, route, language)).toEqual([]);
    expect(new URL(person.url()).pathname).toBe(route);
  });

  it('gives every route a title of its own', () => {
    const routes = [...titles].filter(([key]) => key.startsWith(`${language} `));
    expect(routes.length).toBe(
      PUBLIC_ROUTES.length + ORGANISATION_ROUTES.length + PERSONAL_ROUTES.length,
    );
    const shared = routes.filter(([, title]) => routes.filter(([, t]) => t === title).length > 1);
    expect(shared).toEqual([]);
  });

  it('the phone width of the landing page and the dashboard has none either', async () => {
    await anonymous.setViewportSize(viewports.mobile);
    await organisation.setViewportSize(viewports.mobile);
    try {
      expect(await check(anonymous, '/', language)).toEqual([]);
      expect(await check(organisation, '/org-dashboard', language)).toEqual([]);
    } finally {
      await anonymous.setViewportSize(viewports.desktop);
      await organisation.setViewportSize(viewports.desktop);
    }
  });
});
