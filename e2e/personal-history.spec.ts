import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { registerConfirmedPerson, shootBoth } from './support/individuals.ts';
import {
  collectConsoleErrors,
  createApiKey,
  integratorHeaders,
  signIn,
  signUpOrganization,
} from './support/organizations.ts';

/** A day counted from today, as a person types it: day first, "05/01/2026". */
function typedDay(daysFromToday: number) {
  const day = new Date(Date.now() + daysFromToday * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(day.getDate())}/${pad(day.getMonth() + 1)}/${day.getFullYear()}`;
}

describe('a person works through a long code history', () => {
  const app = useAppAndBrowser({ startTimeout: 60_000 });

  it('shows older codes page by page, filters them, exports them, in Arabic and English', async () => {
    const page = await app.openPage();
    const errors = collectConsoleErrors(page);
    const { person } = await registerConfirmedPerson(page, app.server.dataDir);
    const bank = await signUpOrganization(page, 'history-bank', 'بنك السجل الرقمي');
    const ministry = await signUpOrganization(page, 'history-ministry', 'وزارة الموارد البشرية', {
      type: 'government',
    });
    const bankToken = await signIn(page, bank.admin);
    const headers = integratorHeaders(
      bank.organization.client_id,
      await createApiKey(page, bankToken, { key_name: 'History e2e key' }),
    );
    // 52 codes: one more page than the first 50; the two newest are addressed to the ministry.
    for (let i = 0; i < 52; i++) {
      const generated = await page.request.post('/v1/tokens/generate', {
        headers,
        data: {
          data: { full_name: 'سارة العتيبي', birth_date: '1990-01-01' },
          subject: { national_id: person.nationalId },
          ...(i >= 50 ? { audience: ministry.organization.client_id } : {}),
        },
      });
      expect(generated.status()).toBe(201);
    }

    await page.goto('/dashboard');
    const cards = page.getByRole('article');
    await page.getByText('الرموز المعروضة: 50 · النشطة منها: 50').waitFor();
    expect(await cards.count()).toBe(50);
    await page.getByRole('button', { name: 'عرض رموز أقدم' }).click();
    await page.getByText('هذا سجلك كاملًا.').waitFor();
    expect(await cards.count()).toBe(52);

    await page.getByLabel('البحث باسم الجهة').fill('الموارد');
    await page.getByText('الرموز المعروضة: 2 · النشطة منها: 2').waitFor();
    await page.getByLabel('دور الجهة').selectOption('verifier');
    await page.getByText('الرموز المعروضة: 2 · النشطة منها: 2').waitFor();
    await shootBoth(page, 'personal-history-filtered-ar');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'تصدير بصيغة CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^my-codes-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await file.path()) ?? '', 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(csv).toHaveLength(3);
    expect(csv[1]).toContain('وزارة الموارد البشرية');
    expect(csv.join('\n')).not.toContain('سارة');

    await page.getByLabel('الحالة').selectOption('revoked');
    await page.getByText('لا توجد رموز تطابق عوامل التصفية هذه.').waitFor();
    await page.getByRole('button', { name: 'مسح عوامل التصفية' }).click();
    await page.getByText('الرموز المعروضة: 52 · النشطة منها: 52').waitFor();

    // Dates are typed day first whatever the browser's own order; the API gets ISO instants.
    const dated = page.waitForRequest((request) => /[?&]to=\d{4}-\d{2}-\d{2}T/.test(request.url()));
    await page.getByLabel('صادر من تاريخ').fill(typedDay(-2));
    await page.getByLabel('صادر حتى تاريخ').fill(typedDay(-1));
    await dated;
    await page.getByText('لا توجد رموز تطابق عوامل التصفية هذه.').waitFor();
    expect(await page.getByLabel('صادر من تاريخ').getAttribute('placeholder')).toBe('يوم/شهر/سنة');
    await shootBoth(page, 'personal-history-dates-ar');
    await page.getByRole('button', { name: 'مسح عوامل التصفية' }).click();
    await page.getByText('الرموز المعروضة: 52 · النشطة منها: 52').waitFor();

    // "This wasn't me" on the newest code: reported once, revoked, and the bank's security center has it.
    const newest = cards.first();
    await newest.getByRole('button', { name: 'لم أكن أنا' }).click();
    const report = page.getByRole('alertdialog', { name: 'الإبلاغ عن رمز لم تطلبه' });
    await report.getByLabel('ملاحظة (اختيارية)').fill('لم أطلب هذا الرمز <b>أبداً</b>');
    await shootBoth(page, 'personal-history-misuse-ar');
    await report.getByRole('button', { name: 'إرسال البلاغ' }).click();
    await page.getByText('أُرسل بلاغك وأُلغي الرمز.').waitFor();
    await newest.getByText(/أبلغت أن هذا الرمز لم يكن بطلبك/).waitFor();
    await page.getByText('الرموز المعروضة: 52 · النشطة منها: 51').waitFor();
    const events = await page.request.get('/api/v1/security/events?event_type=misuse_reported', {
      headers: { authorization: `Bearer ${bankToken}` },
    });
    const [event] = (await events.json()).events;
    expect(event).toMatchObject({
      event_severity: 'critical',
      additional_data: { role: 'issued' },
    });

    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    await page.getByText('50 codes shown · 49 active').waitFor();
    await page.getByLabel('Search by body name').fill('الموارد');
    await page.getByText('2 codes shown · 1 active').waitFor();
    await page.getByLabel('Issued from').fill(typedDay(-1));
    await page.getByText('2 codes shown · 1 active').waitFor();
    await shootBoth(page, 'personal-history-filtered-en');
    expect(errors).toEqual([]);
  });
});
