import {
  AUDIT_KEYS_PATH,
  type AuditKeySet,
  type Receipt,
  verifiersOfKeySet,
  verifyReceiptEntry,
} from '@tanqin/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { saveTextFile } from '../../../lib/save-file.ts';

/** What the browser found when it checked a code's receipt against the published key. */
export type ReceiptCheck =
  | { state: 'verified'; receipt: Receipt; checkpointId: number }
  | { state: 'pending'; receipt: Receipt }
  | { state: 'failed'; receipt: Receipt };

/**
 * Receipts asked for at once: a page of 50 codes must not take every connection the browser
 * keeps to the server (six), or the list itself and the person's actions would wait behind them.
 */
const RECEIPTS_AT_ONCE = 2;
let receiptsUnderWay = 0;
const receiptsWaiting: Array<() => void> = [];

async function inTurn<T>(task: () => Promise<T>): Promise<T> {
  if (receiptsUnderWay < RECEIPTS_AT_ONCE) receiptsUnderWay += 1;
  else await new Promise<void>((resolve) => receiptsWaiting.push(resolve));
  try {
    return await task();
  } finally {
    // The place passes to the next one waiting, or is given back.
    const next = receiptsWaiting.shift();
    if (next) next();
    else receiptsUnderWay -= 1;
  }
}

/** The published audit keys (no credentials), read once per page. */
const useAuditKeys = () =>
  useQuery({
    queryKey: ['audit-keys'],
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const response = await fetch(AUDIT_KEYS_PATH, { signal });
      if (!response.ok) throw new Error(`${AUDIT_KEYS_PATH} answered ${response.status}`);
      return verifiersOfKeySet((await response.json()) as AuditKeySet);
    },
  });

/**
 * How often a receipt still waiting for its checkpoint is asked for again: the audit log signs one
 * about every minute (AUDIT_CHECKPOINT_SECONDS), so the proof shows within seconds of it.
 */
export const PENDING_RECEIPT_REFRESH_MS = 15_000;

/**
 * GET /api/v1/me/codes/:id/receipt, each entry checked here, in the browser (WebCrypto Ed25519
 * and SHA-256, the shared verifier): "verified" only if every entry's proof leads to a
 * checkpoint signed by a published key. Entries still pending are asked for again later.
 */
export function useReceiptCheck(codeId: string) {
  const keys = useAuditKeys();
  return useQuery({
    queryKey: ['me', 'receipts', codeId],
    enabled: keys.isSuccess,
    staleTime: 60_000,
    retry: false,
    queryFn: async ({ signal }): Promise<ReceiptCheck> => {
      const receipt = await inTurn(() =>
        apiRequest<Receipt>(`/api/v1/me/codes/${encodeURIComponent(codeId)}/receipt`, {
          side: 'individual',
          signal,
        }),
      );
      if (receipt.entries.length === 0) return { state: 'pending', receipt };
      try {
        const checked = await Promise.all(
          receipt.entries.map((entry) => verifyReceiptEntry(entry, keys.data ?? [], codeId)),
        );
        const checkpointId = Math.max(...checked.map((entry) => entry.checkpoint.id));
        return { state: 'verified', receipt, checkpointId };
      } catch {
        return { state: 'failed', receipt };
      }
    },
    refetchInterval: (query) =>
      query.state.data?.receipt.pending.length ? PENDING_RECEIPT_REFRESH_MS : false,
  });
}

/** Saves the receipt as `tanqin-receipt-<code id>.json`, for `npm run audit:verify -- --receipt`. */
export function saveReceipt(receipt: Receipt) {
  saveTextFile(
    `${JSON.stringify(receipt, null, 2)}\n`,
    `tanqin-receipt-${receipt.token_id}.json`,
    'application/json',
  );
}
