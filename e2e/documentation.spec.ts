import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SAMPLE_TOKEN, SAMPLE_TOKEN_ID } from '../apps/web/src/features/documentation/snippets.ts';
import { useAppAndBrowser } from './support/app-server.ts';
import { collectForeignRequests, saveArtifact, saveScreenshot } from './support/browser.ts';
import {
  collectConsoleErrors,
  createApiKey,
  signIn,
  signUpOrganization,
} from './support/organizations.ts';
import { pdfLines } from './support/pdf-text.ts';

/** Splits a shell command line into words: single quotes literal, double quotes expand $VARS. */
function shellWords(command: string, env: Record<string, string>) {
  const words: string[] = [];
  let word = '';
  let hasWord = false;
  const text = command.replace(/\\\n/g, ' ');
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === "'") {
      const end = text.indexOf("'", i + 1);
      word += text.slice(i + 1, end);
      hasWord = true;
      i = end;
    } else if (char === '"') {
      const end = text.indexOf('"', i + 1);
      word += text.slice(i + 1, end).replace(/\$([A-Z_]+)/g, (_, name: string) => {
        if (!(name in env)) throw new Error(`The snippet uses $${name}, which the guide never set`);
        return env[name]!;
      });
      hasWord = true;
      i = end;
    } else if (/\s/.test(char)) {
      if (hasWord) words.push(word);
      word = '';
      hasWord = false;
    } else {
      word += char;
      hasWord = true;
    }
  }
  if (hasWord) words.push(word);
  return words;
}

/** What a developer's shell would send for the guide's curl command. */
function parseCurl(command: string, env: Record<string, string>) {
  const words = shellWords(command, env);
  expect(words[0]).toBe('curl');
  const request = { method: 'GET', url: '', headers: {} as Record<string, string>, body: '' };
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (word === '-X') request.method = words[++i]!;
    else if (word === '-H') {
      const header = words[++i]!;
      const colon = header.indexOf(':');
      request.headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
    } else if (word === '-u') {
      request.headers.Authorization = `Basic ${Buffer.from(words[++i]!).toString('base64')}`;
    } else if (word === '-d') request.body = words[++i]!;
    else if (!word.startsWith('-')) request.url = word;
    else throw new Error(`The test does not know the curl option ${word}`);
  }
  return request;
}

async function send(page: Page, request: ReturnType<typeof parseCurl>) {
  const response = await page.request.fetch(request.url, {
    method: request.method,
    headers: request.headers,
    data: request.body || undefined,
  });
  return { status: response.status(), body: await response.json() };
}

/** The text of a guide's code sample, found by its label as a reader would. */
const snippet = (page: Page, label: string) =>
  page.getByRole('region', { name: label, exact: true }).textContent() as Promise<string>;

const menuLink = (page: Page, guide: string) =>
  page
    .getByRole('navigation', { name: 'أدلة التوثيق' })
    .getByRole('link', { name: new RegExp(guide) });

describe('documentation and API reference', () => {
  const app = useAppAndBrowser();

  it('shows the guides with the client id, and its quick start works exactly as written', async () => {
    const page = await app.openPage('desktop');
    const errors = collectConsoleErrors(page);
    const foreign = collectForeignRequests(page, app.server.baseUrl);
    const { admin, organization } = await signUpOrganization(page, 'docs-bank', 'بنك التوثيق', {
      adminName: ['فهد', 'العتيبي'],
    });
    const sessionToken = await signIn(page, admin);

    await page.goto('/documentation');
    await page.getByRole('heading', { level: 2, name: 'نظرة عامة على المنصة' }).waitFor();
    await page.getByText(organization.client_id, { exact: true }).waitFor();
    for (const [guide, minutes, level] of [
      ['البدء السريع', '15 دقيقة', 'مبتدئ'],
      ['التكامل الكامل', '45 دقيقة', 'متوسط'],
      ['مرجع API', '30 دقيقة', 'متقدم'],
    ]) {
      const text = await menuLink(page, guide!).textContent();
      expect(text).toContain(minutes);
      expect(text).toContain(level);
    }
    // The overview's price comes from the server's configuration.
    await page.getByText('0.005 ريال', { exact: true }).waitFor();
    await saveScreenshot(page, 'documentation-desktop-overview');

    await menuLink(page, 'البدء السريع').click();
    await page.waitForURL(/\/documentation\?guide=quick-start$/);
    await page.getByRole('heading', { level: 2, name: 'البدء السريع' }).waitFor();
    expect(await menuLink(page, 'البدء السريع').getAttribute('aria-current')).toBe('page');
    await saveScreenshot(page, 'documentation-desktop-quick-start');

    // Step 1 as a developer does it: a key with the default scopes.
    const key = await createApiKey(page, sessionToken, {
      key_name: 'البدء السريع',
      scopes: ['token:generate', 'token:verify'],
    });
    const env = { TANQIN_API_KEY: key.api_key, TANQIN_API_SECRET: key.api_secret };

    // Step 3: generate, exactly as the page shows it.
    const generateRequest = parseCurl(await snippet(page, 'طلب إصدار رمز'), env);
    expect(generateRequest.url).toBe(`${app.server.baseUrl}/v1/tokens/generate`);
    expect(generateRequest.headers['X-Client-Id']).toBe(organization.client_id);
    const generated = await send(page, generateRequest);
    expect(generated.status).toBe(201);
    expect(generated.body.token).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}-[0-9A-Z]$/);

    // Step 4: verify with the real code in place of the sample, then again.
    const verifyCommand = await snippet(page, 'طلب التحقق من الرمز');
    expect(verifyCommand).toContain(SAMPLE_TOKEN);
    const verifyRequest = parseCurl(verifyCommand.replace(SAMPLE_TOKEN, generated.body.token), env);
    const verified = await send(page, verifyRequest);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      success: true,
      token_id: generated.body.token_id,
      data: JSON.parse(generateRequest.body).data,
      issuer: { client_id: organization.client_id, name: organization.name },
    });
    const again = await send(page, verifyRequest);
    expect(again.status).toBe(410);
    expect(again.body.code).toBe('token_used');

    // Step 5: status with the real token id.
    const statusCommand = await snippet(page, 'طلب حالة الرمز');
    expect(statusCommand).toContain(SAMPLE_TOKEN_ID);
    const status = await send(
      page,
      parseCurl(statusCommand.replace(SAMPLE_TOKEN_ID, generated.body.token_id), env),
    );
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      token_id: generated.body.token_id,
      status: 'used',
      used_by: { client_id: organization.client_id },
    });

    // Copy gives the snippet with this organisation's values.
    await page.getByRole('button', { name: 'نسخ الشيفرة: طلب إصدار رمز' }).click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
      await snippet(page, 'طلب إصدار رمز'),
    );

    // Print and "Save as PDF" both open the browser's print dialog, the latter under the file
    // name the browser proposes (the page's title while the dialog is open).
    const shownTitle = await page.title();
    await page.evaluate(() => {
      const recorded = window as unknown as { printedAs: string[] };
      recorded.printedAs = [];
      window.print = () => {
        recorded.printedAs.push(document.title);
        window.dispatchEvent(new Event('afterprint'));
      };
    });
    await page.getByRole('button', { name: 'طباعة' }).click();
    const savePdf = page.getByRole('button', { name: 'حفظ PDF' });
    expect(await savePdf.getAttribute('aria-describedby')).toBeTruthy();
    await savePdf.click();
    expect(
      await page.evaluate(() => (window as unknown as { printedAs: string[] }).printedAs),
    ).toEqual([shownTitle, 'tanqin-quick-start']);
    expect(await page.title()).toBe(shownTitle);

    // Print media: only the guide, no menu, header or buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'أدلة التوثيق' }).isVisible()).toBe(false);
    expect(await savePdf.isVisible()).toBe(false);
    expect(await page.getByRole('heading', { level: 1, name: 'التوثيق' }).isVisible()).toBe(false);
    await page.getByRole('heading', { level: 2, name: 'البدء السريع' }).waitFor();
    await saveScreenshot(page, 'documentation-print-quick-start');

    // The file "Save as PDF" writes: Chromium's print to PDF of this page. Real text, the guide's
    // title and the client id readable from it, and a fraction of the 1.2 MB of page images the
    // PDF used to be.
    const pdf = await page.pdf({ preferCSSPageSize: true });
    saveArtifact('documentation-quick-start.pdf', pdf);
    expect(pdf.length).toBeLessThan(300_000);
    expect(pdf.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
    const lines = pdfLines(pdf).map((line) => line.text);
    expect(lines).toContain('البدء السريع');
    expect(lines.some((line) => line.includes(organization.client_id))).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    for (const [guide, slug] of [
      ['التكامل الكامل', 'full-integration'],
      ['مرجع API', 'api-reference'],
    ]) {
      await menuLink(page, guide!).click();
      await page.waitForURL(new RegExp(`guide=${slug}$`));
      await page.getByRole('heading', { level: 2, name: guide }).waitFor();
      await saveScreenshot(page, `documentation-desktop-${slug}`);
    }
    await menuLink(page, 'التكامل الكامل').click();
    const sdk = await snippet(page, 'مثال حزمة TypeScript');
    expect(sdk).toContain(`clientId: '${organization.client_id}'`);
    expect(sdk).toContain(`baseUrl: '${app.server.baseUrl}'`);

    // The menu collapses and comes back.
    const toggle = page.getByRole('button', { name: 'إخفاء قائمة الأدلة' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    await menuLink(page, 'البدء السريع').waitFor({ state: 'hidden' });
    expect(
      await page.getByRole('button', { name: 'إظهار قائمة الأدلة' }).getAttribute('aria-expanded'),
    ).toBe('false');

    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('starts with the menu collapsed on a phone, and nothing is wider than the screen', async () => {
    const page = await app.openPage('mobile');
    const errors = collectConsoleErrors(page);
    const { admin, organization } = await signUpOrganization(page, 'docs-phone', 'هيئة الجوال', {
      adminName: ['فهد', 'العتيبي'],
    });
    await signIn(page, admin);
    await page.goto('/documentation');
    await page.getByText(organization.client_id, { exact: true }).waitFor();
    const show = page.getByRole('button', { name: 'إظهار قائمة الأدلة' });
    expect(await show.getAttribute('aria-expanded')).toBe('false');
    expect(await menuLink(page, 'البدء السريع').isVisible()).toBe(false);
    await saveScreenshot(page, 'documentation-mobile-overview');

    await show.click();
    await menuLink(page, 'البدء السريع').waitFor();
    await saveScreenshot(page, 'documentation-mobile-menu');
    for (const [guide, slug] of [
      ['البدء السريع', 'quick-start'],
      ['التكامل الكامل', 'full-integration'],
      ['مرجع API', 'api-reference'],
    ]) {
      if (!(await menuLink(page, guide!).isVisible())) {
        await page.getByRole('button', { name: 'إظهار قائمة الأدلة' }).click();
      }
      await menuLink(page, guide!).click();
      await page.waitForURL(new RegExp(`guide=${slug}$`));
      await page.getByRole('heading', { level: 2, name: guide }).waitFor();
      // Choosing a guide on a phone folds the menu away again.
      await menuLink(page, guide!).waitFor({ state: 'hidden' });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await saveScreenshot(page, `documentation-mobile-${slug}`);
    }
    // Long code scrolls inside its own box instead of widening the page.
    const code = page.getByRole('region', { name: /^الطلب: \/v1\/tokens\/generate$/ });
    expect(await code.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sends a visitor without an organisation token to sign in', async () => {
    const page = await app.openPage('desktop');
    await page.goto('/documentation');
    await page.waitForURL(/\/org-auth/);
    await page.context().close();
  });

  it('renders every operation at /docs and its "try it" gets a real answer', async () => {
    const page = await app.openPage('desktop');
    const errors = collectConsoleErrors(page);
    const foreign = collectForeignRequests(page, app.server.baseUrl);
    const { admin, organization } = await signUpOrganization(page, 'docs-try', 'وزارة التجربة', {
      adminName: ['فهد', 'العتيبي'],
    });
    const sessionToken = await signIn(page, admin);
    const key = await createApiKey(page, sessionToken, { key_name: 'المرجع التفاعلي' });
    await page.evaluate(() => localStorage.clear());

    const docs = await page.request.get('/docs');
    expect(docs.status()).toBe(200);
    expect(docs.headers()['content-type']).toContain('text/html');

    await page.goto('/docs');
    for (const operation of [
      'POST /v1/oauth/token',
      'POST /v1/tokens/generate',
      'POST /v1/tokens/verify',
      'GET /v1/tokens/{token_id}/status',
      'POST /v1/tokens/{token_id}/revoke',
    ]) {
      await page.getByRole('heading', { level: 3, name: operation }).waitFor();
    }
    await saveScreenshot(page, 'api-reference-desktop');

    await page.getByLabel('معرّف العميل (X-Client-Id)').fill(organization.client_id);
    await page.getByLabel('مفتاح API', { exact: true }).fill(key.api_key);
    await page.getByLabel('سر المفتاح').fill(key.api_secret);
    const generate = page.getByRole('region', { name: 'POST /v1/tokens/generate' });
    await generate.getByRole('button', { name: 'جرّب الطلب' }).click();
    await generate.getByRole('button', { name: 'إرسال الطلب' }).click();
    const result = generate.getByRole('region', { name: 'النتيجة' });
    await result.getByText('201 Created').waitFor();
    const body = JSON.parse(
      (await result.getByRole('region', { name: 'جسم الإجابة' }).locator('pre').textContent()) ??
        '',
    ) as { token: string; token_id: string };
    expect(body.token).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}-[0-9A-Z]$/);
    // The issued code is shown with its QR, which carries the code alone.
    await result.getByRole('img', { name: `رمز QR يحمل الرمز ${body.token} وحده` }).waitFor();
    expect(await result.textContent()).toContain('ratelimit-policy');

    // The status operation with the issued id, through an OAuth access token.
    const oauth = page.getByRole('region', { name: 'POST /v1/oauth/token' });
    await oauth.getByRole('button', { name: 'جرّب الطلب' }).click();
    await oauth.getByRole('button', { name: 'إرسال الطلب' }).click();
    await oauth.getByRole('region', { name: 'النتيجة' }).getByText('200 OK').waitFor();
    await oauth.getByRole('button', { name: 'استخدم رمز الوصول هذا في التجارب' }).click();
    const status = page.getByRole('region', { name: 'GET /v1/tokens/{token_id}/status' });
    await status.getByRole('button', { name: 'جرّب الطلب' }).click();
    await status.getByLabel('token_id').fill(body.token_id);
    await status.getByRole('button', { name: 'إرسال الطلب' }).click();
    const statusResult = status.getByRole('region', { name: 'النتيجة' });
    await statusResult.getByText('200 OK').waitFor();
    expect(await statusResult.textContent()).toContain('"status": "active"');
    await saveScreenshot(page, 'api-reference-desktop-try-it');

    const phone = await app.openPage('mobile');
    await phone.goto('/docs');
    await phone.getByRole('heading', { level: 3, name: 'POST /v1/tokens/generate' }).waitFor();
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await saveScreenshot(phone, 'api-reference-mobile');
    await phone.context().close();

    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
