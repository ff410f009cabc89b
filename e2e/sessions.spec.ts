import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { registerConfirmedPerson, shootBoth } from './support/individuals.ts';
import { collectConsoleErrors } from './support/organizations.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('a person sees where they are signed in and signs a device out', () => {
  const app = useAppAndBrowser({ startTimeout: 60_000 });

  it('lists the phone beside this browser, ends it at once, in Arabic and English', async () => {
    const page = await app.openPage();
    const errors = collectConsoleErrors(page);
    const { person } = await registerConfirmedPerson(page, app.server.dataDir);
    const phone = await page.request.post('/api/v1/auth/login', {
      data: { email: person.email, password: person.password },
      headers: { 'user-agent': IPHONE },
    });
    expect(phone.status()).toBe(200);
    const phoneToken = ((await phone.json()) as { token: string }).token;

    await page.goto('/profile-settings#sessions');
    const list = page.getByRole('list', { name: 'جلساتك المفتوحة' });
    await list.getByText('Safari على iOS').waitFor();
    await list.getByText('هذا الجهاز').waitFor();
    await page.getByRole('region', { name: 'الجلسات والأجهزة' }).scrollIntoViewIfNeeded();
    await shootBoth(page, 'sessions-profile-ar');

    await list
      .getByRole('listitem')
      .filter({ hasText: 'Safari على iOS' })
      .getByRole('button', { name: 'إنهاء الجلسة' })
      .click();
    await list.getByText('Safari على iOS').waitFor({ state: 'detached' });
    const refused = await page.request.get('/api/v1/auth/me', {
      headers: { Authorization: `Bearer ${phoneToken}` },
    });
    expect(refused.status()).toBe(401);

    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    await page
      .getByRole('list', { name: 'Your signed-in sessions' })
      .getByText('This device')
      .waitFor();
    await shootBoth(page, 'sessions-profile-en');
    expect(errors).toEqual([]);
  });
});
