import { AUDIT_KEYS_PATH } from '@tanqin/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem } from '../../../test/mock-api.tsx';
import { auditKeys, signedReceipt } from '../../../test/receipt-fixture.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { ReceiptCheckPage } from '../receipt/receipt-check-page.tsx';

afterEach(() => vi.unstubAllGlobals());

// The fixture's code was issued and used by one organisation (its leaves' organization_id).
const ISSUER_ID = '0b5c7a4e-3c1f-4f7e-9a51-2f9c7d1e8a10';

function renderWithKeys(keys = () => json(200, auditKeys)) {
  const api = mockApi({
    [`GET ${AUDIT_KEYS_PATH}`]: keys,
    [`GET /v1/audit/organizations/${ISSUER_ID}`]: () =>
      json(200, { id: ISSUER_ID, name: 'بنك الرياض', type: 'private' }),
  });
  renderPage('/receipt', ReceiptCheckPage);
  return api;
}

const receiptFile = (content: unknown, name = 'tanqin-receipt-tok_used1.json') =>
  new File([typeof content === 'string' ? content : JSON.stringify(content)], name, {
    type: 'application/json',
  });

async function pick(file: File) {
  const input = await screen.findByLabelText('اختر ملف الإيصال');
  await waitFor(() => expect(input).toBeEnabled());
  await userEvent.upload(input, file);
}

describe('the public receipt check', () => {
  it('says in plain words who issued and used the code, when, and in which signed checkpoint', async () => {
    const api = renderWithKeys();
    await pick(receiptFile(signedReceipt));
    const title = await screen.findByText('الإيصال سليم');
    const verdict = title.closest('[role="status"]')!;
    expect(await screen.findByText(/^أصدرته بنك الرياض في 21 نوفمبر 2026/)).toBeInTheDocument();
    expect(screen.getByText(/^استخدمته بنك الرياض في 21 نوفمبر 2026/)).toBeInTheDocument();
    expect(screen.getAllByText(/نقطة التدقيق رقم 1 الموقّعة في/)).toHaveLength(2);
    expect(verdict).toHaveTextContent('tok_used1');
    expect(verdict).toHaveTextContent('الأوقات بتوقيت الرياض');
    // Nothing of the file left the browser: only the keys and the organisation's name were asked.
    const asked = api.fetchMock.mock.calls.map(
      ([url]) => new URL(url, 'http://localhost').pathname,
    );
    expect(asked.sort()).toEqual([AUDIT_KEYS_PATH, `/v1/audit/organizations/${ISSUER_ID}`].sort());
  });

  it('refuses a copy whose recorded fields were edited', async () => {
    renderWithKeys();
    const [issued, used] = signedReceipt.entries;
    const leaf = JSON.parse(atob(used!.leaf));
    const edited = btoa(JSON.stringify({ ...leaf, fields: ['full_name', 'iban'] }));
    await pick(receiptFile({ ...signedReceipt, entries: [issued!, { ...used!, leaf: edited }] }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('الإيصال لا يصح');
    expect(alert).toHaveTextContent('الإيصال عُدّل بعد إصداره');
    expect(screen.queryByText('الإيصال سليم')).not.toBeInTheDocument();
  });

  it('refuses a checkpoint signed by another key, and files that are not receipts', async () => {
    renderWithKeys();
    const [issued] = signedReceipt.entries;
    const forged = issued!.checkpoint.replace(/ (\S+)\n$/, ' AAAAAAAA$1\n');
    await pick(receiptFile({ ...signedReceipt, entries: [{ ...issued!, checkpoint: forged }] }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ليست موقّعة بمفتاح تنقين المنشور');

    await pick(receiptFile('not json at all', 'photo.jpg'));
    await screen.findByText(/محتواه ليس بصيغة JSON/);
    await pick(receiptFile({ token_id: 'tok_used1' }));
    await screen.findByText(/لا يحمل الحقول التي في كل إيصال/);
    await pick(receiptFile({ token_id: 'tok_used1', entries: [], pending: ['issued'] }));
    await screen.findByText(/لا يثبت شيئاً بعد/);
  });

  it('says when the published keys cannot be fetched, and tries again', async () => {
    let answers = 0;
    renderWithKeys(() => (answers++ === 0 ? problem(503, 'unavailable') : json(200, auditKeys)));
    expect(await screen.findByRole('alert')).toHaveTextContent('تعذّر جلب المفاتيح المنشورة');
    expect(screen.getByLabelText('اختر ملف الإيصال')).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    await waitFor(() => expect(screen.getByLabelText('اختر ملف الإيصال')).toBeEnabled());
  });
});
