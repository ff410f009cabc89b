// `npm run audit:verify`: recomputes every organisation's audit chain and names the first
// broken row. Exit code 0 when intact, 1 when broken.

import { deriveAppKeys } from '../app-context.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { systemClock } from '../lib/clock.ts';
import { MemoryRateLimitStore } from '../lib/rate-limit/memory-store.ts';
import { verifyAuditChain } from '../modules/audit/audit.service.ts';

const config = loadConfig();
const db = await openDatabase(config);
try {
  const report = await verifyAuditChain({
    config,
    db,
    clock: systemClock,
    rateLimits: new MemoryRateLimitStore(),
    keys: deriveAppKeys(config),
  });
  console.log(JSON.stringify(report, null, 2));
  process.exitCode = report.status === 'ok' ? 0 : 1;
} finally {
  await db.close();
}
