// `npm run audit:verify`: recomputes every organisation's audit chain and names the first
// broken row. Goes through the running server when one answers (see operator-action.ts), else
// reads the database itself. Exit code 0 when intact, 1 when broken or refused.

import { verifyAuditChain } from '../modules/audit/audit.service.ts';
import { runOperatorAction } from './operator-action.ts';

try {
  const outcome = await runOperatorAction({
    method: 'GET',
    path: '/api/v1/operator/audit/verify',
    locally: (ctx) => verifyAuditChain(ctx),
  });
  console.log(JSON.stringify(outcome.body, null, 2));
  const report = outcome.body as { status?: string };
  process.exitCode = outcome.ok && report.status === 'ok' ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
