import {
  AuditProofError,
  type NoteVerifier,
  openCheckpoint,
  type ReceiptKind,
  receiptSchema,
  verifyReceiptEntry,
} from '@tanqin/shared';

/** One event a receipt proves: what happened to the code, when, by which organisation. */
export interface ProvenEvent {
  kind: ReceiptKind;
  /** When the audit log recorded it (ISO 8601). */
  at: string;
  /** The organisation that issued the code (`issued`) or used it (`used`). */
  organizationId: string;
  /** The names of the fields the event concerns (never their values). */
  fields: string[];
  checkpoint: { id: number; time: string; treeSize: number; origin: string };
}

/** Why a file is not a valid receipt, in the words the page turns into a sentence. */
export type ReceiptFailure =
  | 'not_json'
  | 'not_receipt'
  | 'nothing_signed'
  | 'not_signed_by_tanqin'
  | 'altered';

export type ReceiptVerdict =
  | { ok: true; tokenId: string; events: ProvenEvent[]; pending: ReceiptKind[] }
  | { ok: false; reason: ReceiptFailure; detail?: string };

/**
 * Checks a receipt file, all in the browser (WebCrypto, the shared verifier of the audit CLI):
 * every entry's checkpoint signed by a published key, its leaf an audit entry of this code and of
 * that kind, and its inclusion proof leading to the signed root. Nothing is sent anywhere.
 */
export async function checkReceiptText(
  text: string,
  verifiers: NoteVerifier[],
): Promise<ReceiptVerdict> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not_json' };
  }
  const parsed = receiptSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'not_receipt' };
  const receipt = parsed.data;
  if (receipt.entries.length === 0) return { ok: false, reason: 'nothing_signed' };

  const events: ProvenEvent[] = [];
  for (const entry of receipt.entries) {
    try {
      await openCheckpoint(entry.checkpoint, verifiers);
    } catch (error) {
      return { ok: false, reason: 'not_signed_by_tanqin', detail: messageOf(error) };
    }
    try {
      const checked = await verifyReceiptEntry(entry, verifiers, receipt.token_id);
      events.push({
        kind: checked.kind,
        at: checked.entry.created_at,
        organizationId:
          checked.kind === 'used'
            ? (checked.entry.actor_organization_id ?? checked.entry.organization_id)
            : checked.entry.organization_id,
        fields: checked.entry.fields,
        checkpoint: {
          id: checked.checkpoint.id,
          time: checked.checkpoint.time,
          treeSize: checked.checkpoint.treeSize,
          origin: checked.checkpoint.origin,
        },
      });
    } catch (error) {
      return { ok: false, reason: 'altered', detail: messageOf(error) };
    }
  }
  return { ok: true, tokenId: receipt.token_id, events, pending: receipt.pending };
}

function messageOf(error: unknown) {
  if (error instanceof AuditProofError) return error.message;
  throw error;
}
