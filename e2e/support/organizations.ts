import type { Page } from 'playwright-core';
import { expect } from 'vitest';

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
