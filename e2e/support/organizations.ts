import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { viewports } from './browser.ts';

export interface Admin {
  email: string;
  password: string;
}

export interface SignedUpOrganization {
  id: string;
  name: string;
  client_id: string;
  type: 'government' | 'private';
  email: string;
  created_at: string;
}

interface SignUpOptions {
  type?: 'government' | 'private';
  /** The admin's first and last name (also the contact person). */
  adminName?: [string, string];
}

/** Signs an organisation up through the API, as the sign-up form would. */
export async function signUpOrganization(
  page: Page,
  slug: string,
  name: string,
  { type = 'private', adminName = ['خالد', 'الدوسري'] }: SignUpOptions = {},
) {
  const admin: Admin = { email: `admin@${slug}.example.sa`, password: 'Tanqin-e2e-2025' };
  const [firstName, lastName] = adminName;
  const response = await page.request.post('/api/v1/signup', {
    data: {
      name,
      type,
      email: `contact@${slug}.example.sa`,
      contactPerson: `${firstName} ${lastName}`,
      adminDetails: {
        firstName,
        lastName,
        email: admin.email,
        password: admin.password,
        confirmPassword: admin.password,
      },
    },
  });
  expect(response.status()).toBe(201);
  const { organization } = (await response.json()) as { organization: SignedUpOrganization };
  return { admin, organization };
}

/** Signs in through the API and leaves the token where the sign-in form puts it. */
export async function signIn(page: Page, admin: Admin) {
  const response = await page.request.post('/api/v1/auth/login', { data: admin });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('org_token', value), token);
  return token;
}

/** Console errors and uncaught exceptions of the page, except messages matching `ignore`. */
export function collectConsoleErrors(page: Page, ignore?: RegExp) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' || ignore?.test(message.text())) return;
    errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** How far the page is wider than the window (0: nothing overflows; tables scroll inside). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

export interface ApiKey {
  api_key: string;
  api_secret: string;
}

/** Creates an API key through the dashboard API, as the keys screen does. */
export async function createApiKey(
  page: Page,
  sessionToken: string,
  data: { key_name: string; scopes?: string[]; mode?: 'live' | 'test' },
) {
  const response = await page.request.post('/api/v1/security/api-keys', {
    headers: { Authorization: `Bearer ${sessionToken}` },
    data,
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as ApiKey;
}

/** The headers of an integrator's /v1 call: Basic api_key:api_secret plus the client id. */
export function integratorHeaders(clientId: string, key: ApiKey) {
  return {
    'X-Client-Id': clientId,
    Authorization: `Basic ${Buffer.from(`${key.api_key}:${key.api_secret}`).toString('base64')}`,
  };
}

/** Opens a dashboard section from its menu item (on a phone, the menu opens first). */
export async function openDashboardSection(
  page: Page,
  viewport: keyof typeof viewports,
  name: string,
  section: string,
) {
  await page.goto('/org-dashboard');
  if (viewport === 'mobile') await page.getByRole('button', { name: 'فتح القائمة' }).click();
  await page.getByRole('link', { name }).click();
  await page.waitForURL(new RegExp(`\\?section=${section}$`));
  await page.getByRole('heading', { level: 2, name }).waitFor();
}
