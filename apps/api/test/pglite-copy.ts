import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate, migrationFiles } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';

/**
 * One migrated PGlite copy per set of migrations, in the temporary folder, that every test
 * database of the run starts from: running the 120-odd migrations cost 5-14 s a database, loading
 * the copy 1-4 s. The name carries the migrations' and PGlite's fingerprint, so a changed
 * migration makes a new copy; two workers making it at once write the same file.
 */
export async function migratedPgliteCopy(): Promise<Blob> {
  const migrations = path.join(import.meta.dirname, '../src/db/migrations');
  const fingerprint = createHash('sha256');
  const pglite = path.join(import.meta.dirname, '../../../node_modules/@electric-sql/pglite');
  fingerprint.update(readFileSync(path.join(pglite, 'package.json')));
  for (const file of migrationFiles()) {
    fingerprint.update(file).update(readFileSync(path.join(migrations, file)));
  }
  const file = path.join(
    tmpdir(),
    `tanqin-test-pglite-${fingerprint.digest('hex').slice(0, 16)}.tgz`,
  );
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const db = await openPglite(undefined);
  await migrate(db);
  const copy = await db.dumpDataDir?.();
  await db.close();
  if (!copy) throw new Error('PGlite gave no copy of its data folder');
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await copy.arrayBuffer()));
  renameSync(partial, file);
  return copy;
}
