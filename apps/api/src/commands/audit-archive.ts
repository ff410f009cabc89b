// `npm run audit:archive -- --month 2026-09 --out FILE`: takes a sealed audit month out of the
// database (docs/operations/audit-checkpoints.md): writes its rows and its chains' last rows to
// FILE (JSON), and only once the file is on disk drops the month's partition. Months leave oldest
// first. Works on the database itself (PostgreSQL: while servers run; the embedded database: with
// its server stopped). Exit code 0 when archived, 1 when refused.

import { open, rename } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { AuditArchiveRefused, archiveAuditMonth } from '../modules/audit/audit-months.ts';

const { values } = parseArgs({ options: { month: { type: 'string' }, out: { type: 'string' } } });
const month = values.month?.match(/^\d{4}-\d{2}$/) ? `${values.month}-01` : undefined;
if (!month || !values.out) {
  console.error('usage: audit:archive --month YYYY-MM --out FILE');
  process.exit(2);
}
const out = values.out;

const db = await openDatabase(loadConfigOrExit());
try {
  const { rows } = await archiveAuditMonth(db, month, async (rows, heads) => {
    const partial = `${out}.partial`;
    const file = await open(partial, 'wx');
    try {
      await file.writeFile(JSON.stringify({ month, heads, rows }));
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(partial, out);
  });
  console.log(
    `Archived ${month.slice(0, 7)}: ${rows} audit rows written to ${out}, partition dropped.`,
  );
} catch (error) {
  console.error(error instanceof AuditArchiveRefused ? `REFUSED: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
