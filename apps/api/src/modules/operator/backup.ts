import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../app-context.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import type { BackupEntry } from '../../lib/backup-file.ts';

/** What is never copied from the data folder: the database (dumped instead) and the lock. */
const SKIPPED = new Set(['pglite', 'tanqin.lock']);

/** Every file under `folder` (relative paths), or none when it does not exist. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

/**
 * What lives outside the database and the data depends on: the data folder's files (local
 * secrets, operator token, audit signing key, outbox). The documents' contents are in the
 * database (document_files) and come with its dump; files an older version left in
 * DOCUMENTS_DIR and not moved yet (`npm run documents:migrate`) are carried as they are on disk,
 * so a restore brings them back to be moved.
 */
export async function filesToBackUp(config: Config): Promise<BackupEntry[]> {
  const documentsInside = !path.relative(config.dataDir, config.documentsDir).startsWith('..');
  const entries: BackupEntry[] = [];
  for (const file of await filesUnder(config.dataDir)) {
    const top = file.split(path.sep)[0]!;
    if (SKIPPED.has(top)) continue;
    const full = path.join(config.dataDir, file);
    if (documentsInside && !path.relative(config.documentsDir, full).startsWith('..')) continue;
    entries.push({ name: `data/${file.split(path.sep).join('/')}`, data: await readFile(full) });
  }
  for (const file of await filesUnder(config.documentsDir)) {
    if (file.endsWith('.tmp')) continue;
    const data = await readFile(path.join(config.documentsDir, file));
    entries.push({ name: `documents/${file.split(path.sep).join('/')}`, data });
  }
  return entries;
}

/**
 * The embedded database as one consistent copy plus the files beside it (GET
 * /api/v1/operator/backup; `npm run backup` encrypts it). PostgreSQL is backed up by the
 * command itself with pg_dump.
 */
export async function embeddedBackup(ctx: AppContext): Promise<BackupEntry[]> {
  const { dumpDataDir } = ctx.db;
  if (!dumpDataDir) {
    throw new AppError('not_found', 'PostgreSQL is backed up with pg_dump: npm run backup does it');
  }
  const dump = Buffer.from(await (await dumpDataDir()).arrayBuffer());
  return [{ name: 'database/pglite.tar.gz', data: dump }, ...(await filesToBackUp(ctx.config))];
}
