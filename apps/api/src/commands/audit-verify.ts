// `npm run audit:verify`: recomputes every organisation's audit chain and names the first
// broken row. Exit code 0 when intact, 1 when broken.

import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { verifyAuditChain } from '../modules/audit/audit.service.ts';
import { commandContext } from './command-context.ts';

const config = loadConfig();
const db = await openDatabase(config);
const ctx = commandContext(config, db);
try {
  const report = await verifyAuditChain(ctx);
  console.log(JSON.stringify(report, null, 2));
  process.exitCode = report.status === 'ok' ? 0 : 1;
} finally {
  await ctx.invalidation.close();
  await db.close();
}
