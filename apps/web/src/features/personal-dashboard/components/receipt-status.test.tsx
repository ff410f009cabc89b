import { AUDIT_KEYS_PATH, type Receipt } from '@tanqin/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../../test/mock-api.tsx';
import { auditKeys, signedReceipt } from '../../../test/receipt-fixture.ts';
import { PENDING_RECEIPT_REFRESH_MS } from '../api/receipts.ts';
import { ReceiptStatus } from './receipt-status.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderWith(receipt: Receipt) {
  localStorage.setItem('auth_token', 'personal-token');
  mockApi({
    [`GET ${AUDIT_KEYS_PATH}`]: () => json(200, auditKeys),
    'GET /api/v1/me/codes/tok_used1/receipt': () => json(200, receipt),
  });
  return renderWithProviders(<ReceiptStatus codeId="tok_used1" />);
}

describe('the proof of a code in the person’s history', () => {
  it('says verified only after the browser checked the signed receipt, and offers it', async () => {
    renderWith(signedReceipt);
    expect(await screen.findByText('موثّق')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تنزيل الإيصال' })).toBeInTheDocument();
  });

  it('says the proof does not check when an entry was changed', async () => {
    const [issued, used] = signedReceipt.entries;
    const leaf = JSON.parse(atob(used!.leaf));
    const edited = btoa(JSON.stringify({ ...leaf, fields: ['full_name', 'iban'] }));
    renderWith({ ...signedReceipt, entries: [issued!, { ...used!, leaf: edited }] });
    expect(await screen.findByText('البرهان لا يتطابق')).toBeInTheDocument();
    expect(screen.queryByText('موثّق')).not.toBeInTheDocument();
  });

  it('says the proof is on its way and how long it takes, then shows it without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let receipt: Receipt = { token_id: 'tok_used1', entries: [], pending: ['issued'] };
      localStorage.setItem('auth_token', 'personal-token');
      mockApi({
        [`GET ${AUDIT_KEYS_PATH}`]: () => json(200, auditKeys),
        'GET /api/v1/me/codes/tok_used1/receipt': () => json(200, receipt),
      });
      renderWithProviders(<ReceiptStatus codeId="tok_used1" />);
      expect(await screen.findByText('البرهان قيد الإعداد')).toBeInTheDocument();
      expect(screen.getByText(/يصل عادةً خلال دقيقة/)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'تنزيل الإيصال' })).not.toBeInTheDocument();

      receipt = signedReceipt;
      await vi.advanceTimersByTimeAsync(PENDING_RECEIPT_REFRESH_MS);
      expect(await screen.findByText('موثّق')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
