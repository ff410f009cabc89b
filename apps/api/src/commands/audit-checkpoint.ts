// `npm run audit:checkpoint`: appends the audit rows written since the last checkpoint to the
// Merkle tree and signs a checkpoint now (the background job does it every
// AUDIT_CHECKPOINT_SECONDS). Through the running server when one answers, else on the database.

import { runAuditCheckpoint } from '../modules/audit/audit-checkpoints.ts';
import { runOperatorAction } from './operator-action.ts';

try {
  const outcome = await runOperatorAction({
    method: 'POST',
    path: '/api/v1/operator/audit/checkpoint',
    locally: (ctx) => runAuditCheckpoint(ctx),
  });
  const body = outcome.body as { appended?: number; checkpoint?: { note: string } };
  if (outcome.ok && body.checkpoint) {
    console.log(`Appended ${body.appended} audit entries. Latest checkpoint:\n`);
    process.stdout.write(body.checkpoint.note);
  } else {
    console.log(JSON.stringify(outcome.body, null, 2));
  }
  process.exitCode = outcome.ok ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
