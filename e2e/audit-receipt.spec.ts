import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

const repoRoot = path.resolve(import.meta.dirname, '..');

/** `npm run audit:verify -- ...` as a person runs it, offline: no server address, no database. */
const auditVerify = (args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [
        '--import',
        './scripts/register-typescript.mjs',
        'apps/api/src/commands/audit-verify.ts',
        ...args,
      ],
      { cwd: repoRoot },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });

describe('a person proves what happened to their code', () => {
  const app = useAppAndBrowser({ startTimeout: 60_000 });

  it('sees the history entry verified in the browser, downloads its receipt and checks it offline', async () => {
    const page = await app.openPage();
    const errors = collectConsoleErrors(page);
    const { person } = await registerConfirmedPerson(page, app.server.dataDir);
    const bank = await signUpOrganization(page, 'receipt-bank', 'بنك الإيصالات');
    const headers = integratorHeaders(
      bank.organization.client_id,
      await createApiKey(page, await signIn(page, bank.admin), { key_name: 'Receipt e2e key' }),
    );
    const generated = await page.request.post('/v1/tokens/generate', {
      headers,
      data: { data: { full_name: 'سارة العتيبي' }, subject: { national_id: person.nationalId } },
    });
    expect(generated.status()).toBe(201);
    const { token, token_id: tokenId } = await generated.json();
    expect(
      (await page.request.post('/v1/tokens/verify', { headers, data: { token } })).status(),
    ).toBe(200);

    await page.goto('/dashboard');
    const card = page.getByRole('article');
    await card.getByRole('button', { name: 'سجل الاستخدام (2)' }).click();
    await card.getByText('البرهان قيد الإعداد').waitFor();
    await shootBoth(page, 'personal-history-receipt-pending-ar');

    // The operator signs a checkpoint now instead of waiting for the job's minute.
    const operatorToken = readFileSync(
      path.join(app.server.dataDir, 'operator-token'),
      'utf8',
    ).trim();
    const checkpoint = await page.request.post('/api/v1/operator/audit/checkpoint', {
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    expect(checkpoint.status()).toBe(200);

    await page.reload();
    await card.getByRole('button', { name: 'سجل الاستخدام (2)' }).click();
    await card.getByText('موثّق').waitFor();
    await shootBoth(page, 'personal-history-receipt-verified-ar');
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'تنزيل الإيصال' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`tanqin-receipt-${tokenId}.json`);

    const keysFile = path.join(app.server.dataDir, 'tanqin-audit-keys.json');
    writeFileSync(
      keysFile,
      await (await page.request.get('/.well-known/tanqin-audit-keys')).text(),
    );
    const checked = await auditVerify(['--receipt', (await file.path()) ?? '', '--keys', keysFile]);
    expect(checked.stderr).toBe('');
    expect(checked.code).toBe(0);
    expect(checked.stdout).toContain(`ok  issued ${tokenId}`);
    expect(checked.stdout).toContain(`ok  used ${tokenId}`);

    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    await card.getByRole('button', { name: 'Usage trail (2)' }).click();
    await card.getByText('Verified').waitFor();
    await card.getByRole('button', { name: 'Download receipt' }).waitFor();
    await shootBoth(page, 'personal-history-receipt-verified-en');
    expect(errors).toEqual([]);
  });
});
