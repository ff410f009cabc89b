import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';

describe('the served app', () => {
  const app = useAppAndBrowser();

  it('is an Arabic right-to-left document with no request to another host', async () => {
    const page = await app.openPage();
    const foreign: string[] = [];
    page.on('request', (req) => {
      if (!req.url().startsWith(app.server.baseUrl) && !req.url().startsWith('data:'))
        foreign.push(req.url());
    });
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('#root').innerText()).resolves.toContain('تنقين');
    expect(await page.getAttribute('html', 'lang')).toBe('ar');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows a not-found page for unknown paths and problem+json for unknown API routes', async () => {
    const page = await app.openPage();
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'الصفحة غير موجودة' }).waitFor();
    const api = await page.request.get('/api/v1/nothing-here');
    expect(api.status()).toBe(404);
    expect(api.headers()['content-type']).toContain('application/problem+json');
    await page.context().close();
  });
});
