// `npm run audit:verify`: recomputes every organisation's audit chain and names the first
// broken row. Goes through the running server when one answers (see operator-action.ts), else
// reads the database itself. Exit code 0 when intact, 1 when broken or refused.
//
// Offline, with nothing but the published keys (no server, no database):
//   npm run audit:verify -- --receipt tanqin-receipt-tok_....json --keys tanqin-audit-keys.json
//   npm run audit:verify -- --checkpoints run.json --keys tanqin-audit-keys.json
// --keys is the JSON of /.well-known/tanqin-audit-keys; --key <note verifier> (repeatable) instead.
// A run file is {"checkpoints": [signed notes, oldest first], "consistency": [answers of
// /v1/audit/consistency between neighbours]}. Exit code 0 when everything checks, 1 otherwise.

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  type AuditKeySet,
  type NoteVerifier,
  parseNoteVerifier,
  type Receipt,
  verifiersOfKeySet,
  verifyCheckpointRun,
  verifyReceiptEntry,
} from '@tanqin/shared';

const { values } = parseArgs({
  options: {
    receipt: { type: 'string' },
    checkpoints: { type: 'string' },
    keys: { type: 'string' },
    key: { type: 'string', multiple: true },
  },
});

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

async function publishedVerifiers(): Promise<NoteVerifier[]> {
  const verifiers = await Promise.all((values.key ?? []).map(parseNoteVerifier));
  if (values.keys)
    verifiers.push(...(await verifiersOfKeySet(readJson(values.keys) as AuditKeySet)));
  if (verifiers.length === 0) {
    throw new Error(
      'Give the published keys: --keys <tanqin-audit-keys.json> or --key <note verifier>',
    );
  }
  return verifiers;
}

async function checkReceipt(file: string, verifiers: NoteVerifier[]) {
  const receipt = readJson(file) as Receipt;
  if (!Array.isArray(receipt?.entries)) throw new Error(`${file} is not a receipt: no "entries"`);
  if (receipt.entries.length === 0)
    throw new Error(`${file} proves nothing yet: every entry is pending`);
  for (const entry of receipt.entries) {
    const checked = await verifyReceiptEntry(entry, verifiers, receipt.token_id);
    console.log(
      `ok  ${checked.kind} ${checked.entry.token_id} at ${checked.entry.created_at}: leaf ${entry.leaf_index} ` +
        `of checkpoint ${checked.checkpoint.id} (${checked.checkpoint.origin}, ${checked.checkpoint.treeSize} entries), ` +
        `signed by ${checked.signedBy.name}`,
    );
  }
  for (const kind of receipt.pending ?? [])
    console.log(`--  ${kind}: not yet in a checkpoint; download it again later`);
}

async function checkRun(file: string, verifiers: NoteVerifier[]) {
  const checkpoints = await verifyCheckpointRun(readJson(file), verifiers);
  const first = checkpoints[0]!;
  const last = checkpoints.at(-1)!;
  console.log(
    `ok  ${checkpoints.length} checkpoints of ${first.origin}, ${first.id} to ${last.id} ` +
      `(${first.treeSize} to ${last.treeSize} entries): signed, linked and consistent`,
  );
}

async function checkChains() {
  const [{ verifyAuditChain }, { runOperatorAction }] = await Promise.all([
    import('../modules/audit/audit.service.ts'),
    import('./operator-action.ts'),
  ]);
  const outcome = await runOperatorAction({
    method: 'GET',
    path: '/api/v1/operator/audit/verify',
    locally: (ctx) => verifyAuditChain(ctx),
  });
  console.log(JSON.stringify(outcome.body, null, 2));
  const report = outcome.body as { status?: string };
  return outcome.ok && report.status === 'ok';
}

try {
  if (values.receipt || values.checkpoints) {
    const verifiers = await publishedVerifiers();
    if (values.receipt) await checkReceipt(values.receipt, verifiers);
    if (values.checkpoints) await checkRun(values.checkpoints, verifiers);
    process.exitCode = 0;
  } else {
    process.exitCode = (await checkChains()) ? 0 : 1;
  }
} catch (error) {
  console.error(`FAILED: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
