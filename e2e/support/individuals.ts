import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { isValidSaudiNationalId } from '../../packages/shared/src/national-id.ts';
import { saveScreenshot, viewports } from './browser.ts';

export interface OutboxLine {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
}

/** Every message the server has "sent" so far (SMS and email share the local outbox). */
export function readOutbox(dataDir: string): OutboxLine[] {
  try {
    return readFileSync(path.join(dataDir, 'outbox.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as OutboxLine);
  } catch {
    return [];
  }
}

/** The 6-digit code of the last message to `to`. */
export function lastCodeTo(dataDir: string, to: string): string {
  const message = readOutbox(dataDir)
    .filter((line) => line.to === to)
    .at(-1);
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code was sent to ${to}`);
  return code;
}

let serial = 0;
/** A national id that passes the check digit, different on each call. */
export function newNationalId(): string {
  serial += 1;
  const prefix = `1${String(Date.now() % 1e5).padStart(5, '0')}${String(serial).padStart(3, '0')}`;
  for (let digit = 0; digit < 10; digit += 1) {
    if (isValidSaudiNationalId(`${prefix}${digit}`)) return `${prefix}${digit}`;
  }
  throw new Error('no check digit found');
}

export interface Person {
  email: string;
  password: string;
  phoneNumber: string;
  nationalId: string;
  firstName: string;
  lastName: string;
  /** The language chosen on the site before registering (the API's default: Arabic). */
  language?: 'ar' | 'en';
}

export function newPerson(): Person {
  const tag = `${Date.now().toString(36)}${(serial + 1).toString(36)}`;
  return {
    email: `person-${tag}@example.sa`,
    password: 'Secret123',
    phoneNumber: `05${String(Date.now()).slice(-8)}`,
    nationalId: newNationalId(),
    firstName: 'سارة',
    lastName: 'العتيبي',
  };
}

/**
 * Proves the person's national id at the development identity provider through the API, the way
 * a browser goes: start, the provider's sign-in form, its redirects back to /identity/callback,
 * then complete with what the callback got.
 */
export async function proveIdentityByApi(page: Page, token: string, nationalId: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const start = await page.request.post('/api/v1/individuals/me/identity/start', { headers });
  if (!start.ok()) throw new Error(`identity start: ${start.status()}`);
  const { authorization_url } = (await start.json()) as { authorization_url: string };
  const signIn = await page.request.get(authorization_url);
  const action = (await signIn.text()).match(/<form method="post" action="([^"]+)"/)?.[1];
  if (!action) throw new Error(`no sign-in form at ${signIn.url()}`);
  const back = await page.request.post(new URL(action, signIn.url()).href, {
    form: { national_id: nationalId },
  });
  const callback = new URL(back.url());
  if (callback.pathname !== '/identity/callback') throw new Error(`ended at ${back.url()}`);
  const complete = await page.request.post('/api/v1/individuals/me/identity/complete', {
    headers,
    data: Object.fromEntries(callback.searchParams),
  });
  if (!complete.ok()) throw new Error(`identity complete: ${complete.status()}`);
}

/**
 * Registers and confirms through the API, proves the national id (unless `prove` is false), then
 * stores the token like the web app does.
 */
export async function registerConfirmedPerson(
  page: Page,
  dataDir: string,
  person = newPerson(),
  { prove = true }: { prove?: boolean } = {},
) {
  const response = await page.request.post('/api/v1/auth/register/individual', {
    data: { ...person, confirmPassword: person.password, method: 'sms' },
  });
  if (response.status() !== 201) throw new Error(`register: ${response.status()}`);
  const { token } = (await response.json()) as { token: string };
  const confirm = await page.request.post('/api/v1/auth/verify/individual', {
    headers: { Authorization: `Bearer ${token}` },
    data: { method: 'sms', code: lastCodeTo(dataDir, person.phoneNumber) },
  });
  if (!confirm.ok()) throw new Error(`confirm: ${confirm.status()}`);
  if (prove) await proveIdentityByApi(page, token, person.nationalId);
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
  return { person, token };
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Screenshots of the page at 1366 and at 390 pixels wide; neither may scroll sideways. */
export async function shootBoth(page: Page, name: string) {
  await page.setViewportSize(viewports.desktop);
  await saveScreenshot(page, `${name}-1366`);
  const wide = await overflow(page);
  await page.setViewportSize(viewports.mobile);
  await saveScreenshot(page, `${name}-390`);
  const narrow = await overflow(page);
  await page.setViewportSize(viewports.desktop);
  if (wide > 0 || narrow > 0) {
    throw new Error(`${name} overflows sideways: ${wide}px at 1366, ${narrow}px at 390`);
  }
}
