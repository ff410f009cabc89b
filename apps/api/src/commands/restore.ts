// `npm run restore -- FILE [--force]`: puts a backup made by `npm run backup` back, opened with
// BACKUP_PASSPHRASE (docs/operations/backup.md). Refuses a database that already holds data
// (an embedded data folder with a database, documents, or a PostgreSQL database with Tanqin's
// tables) unless --force, which replaces it. No server may run on the embedded folder meanwhile.
// Same environment as the server. Exit code 0 when restored, 2 when refused, 1 on failure.

import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfigOrExit } from '../config.ts';
import { lockDataFolder } from '../db/data-folder-lock.ts';
import { type BackupEntry, openBackup, unpackEntries } from '../lib/backup-file.ts';
import { backupPassphrase, runPgTool } from './backup-tools.ts';
import { ensureDatabase } from './ensure-database.ts';

const args = process.argv.slice(2);
const force = args.includes('--force');
const [file, ...rest] = args.filter((arg) => arg !== '--force');
if (!file || rest.length > 0) {
  console.error('usage: restore FILE [--force]');
  process.exit(2);
}

class Refused extends Error {}

/** Writes `prefix/...` entries under `folder`, refusing names that would leave it. */
async function writeFiles(entries: BackupEntry[], prefix: string, folder: string) {
  for (const entry of entries) {
    if (!entry.name.startsWith(prefix)) continue;
    const target = path.resolve(folder, entry.name.slice(prefix.length));
    if (path.relative(folder, target).startsWith('..')) throw new Error(`Bad entry ${entry.name}`);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await writeFile(target, entry.data, { mode: 0o600 });
  }
}

const hasFiles = async (folder: string) => (await readdir(folder).catch(() => [])).length > 0;

async function restoreEmbedded(
  config: ReturnType<typeof loadConfigOrExit>,
  entries: BackupEntry[],
) {
  const dump = entries.find((entry) => entry.name === 'database/pglite.tar.gz');
  if (!dump) throw new Error('This backup holds no embedded database (made on PostgreSQL?)');
  const lock = lockDataFolder(config.dataDir);
  try {
    const databaseDir = path.join(config.dataDir, 'pglite');
    if (existsSync(path.join(databaseDir, 'PG_VERSION')) || (await hasFiles(config.documentsDir))) {
      if (!force) {
        throw new Refused(
          `${config.dataDir} already holds a database or documents: restore into an empty data ` +
            'folder, or add --force to replace them.',
        );
      }
      await rm(databaseDir, { recursive: true, force: true });
      await rm(config.documentsDir, { recursive: true, force: true });
    }
    await writeFiles(entries, 'data/', config.dataDir);
    await writeFiles(entries, 'documents/', config.documentsDir);
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(databaseDir, {
      loadDataDir: new Blob([new Uint8Array(dump.data)]),
    });
    await db.close();
  } finally {
    lock.release();
  }
}

async function restorePostgres(
  config: ReturnType<typeof loadConfigOrExit>,
  entries: BackupEntry[],
) {
  const dump = entries.find((entry) => entry.name === 'database/postgres.dump');
  if (!dump)
    throw new Error('This backup holds no PostgreSQL dump (made on the embedded database?)');
  if ((await ensureDatabase(config.databaseUrl!)) === 'created') {
    console.log('the database did not exist: created it, empty');
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  const { rows } = await client.query("select to_regclass('schema_migrations')::text as name");
  await client.end();
  if (rows[0]?.name && !force) {
    throw new Refused(
      'The database already holds Tanqin tables: restore into an empty database, or add --force.',
    );
  }
  const temp = path.join(tmpdir(), `tanqin-restore-${process.pid}.dump`);
  await writeFile(temp, dump.data, { mode: 0o600 });
  try {
    await runPgTool('pg_restore', [
      '--no-owner',
      ...(force ? ['--clean', '--if-exists'] : []),
      '--dbname',
      config.databaseUrl!,
      temp,
    ]);
  } finally {
    await rm(temp, { force: true });
  }
  await writeFiles(entries, 'data/', config.dataDir);
  await writeFiles(entries, 'documents/', config.documentsDir);
}

try {
  const { header, archive } = openBackup(backupPassphrase(), await readFile(file));
  const entries = unpackEntries(archive);
  const config = loadConfigOrExit();
  if (config.databaseUrl) await restorePostgres(config, entries);
  else await restoreEmbedded(config, entries);
  // Document files (a backup of a version before issue 31.3) move into the database when the
  // server starts (embedded), or are copied in at start and moved by `npm run documents:migrate`.
  const files = entries.filter((entry) => entry.name.startsWith('documents/')).length;
  console.log(
    `restored the backup of ${header.created_at}` +
      `${files > 0 ? `: ${files} document files of an older version (npm run documents:migrate moves them into the database)` : ''}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = error instanceof Refused ? 2 : 1;
}
