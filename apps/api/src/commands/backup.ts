// `npm run backup -- --out FILE`: a consistent backup, encrypted with BACKUP_PASSPHRASE
// (docs/operations/backup.md). Embedded database: taken by the running server, which holds the
// data folder (GET /api/v1/operator/backup with OPERATOR_TOKEN), or from the folder itself when
// no server runs. PostgreSQL (DATABASE_URL): pg_dump, plus the files of DATA_DIR on this
// machine. The documents' contents are in the database; files of DOCUMENTS_DIR not moved into it
// yet (npm run documents:migrate) are carried too. Same environment as the server. Exit code 0
// when written.

import { rename, writeFile } from 'node:fs/promises';
import { loadConfigOrExit } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { type BackupEntry, packEntries, sealBackup, unpackEntries } from '../lib/backup-file.ts';
import { embeddedBackup, filesToBackUp } from '../modules/operator/backup.ts';
import { backupPassphrase, runPgTool } from './backup-tools.ts';
import { commandContext } from './command-context.ts';

const args = process.argv.slice(2);
const out = args[args.indexOf('--out') + 1];
if (!args.includes('--out') || !out) {
  console.error('usage: backup --out FILE');
  process.exit(2);
}

async function fromServer(config: ReturnType<typeof loadConfigOrExit>) {
  let response: Response;
  try {
    response = await fetch(new URL('/api/v1/operator/backup', config.publicUrl), {
      headers: { authorization: `Bearer ${config.operatorToken ?? ''}` },
    });
  } catch {
    return undefined;
  }
  if (!response.ok) throw new Error(`The server refused the backup: ${await response.text()}`);
  return unpackEntries(Buffer.from(await response.arrayBuffer()));
}

async function fromFolder(config: ReturnType<typeof loadConfigOrExit>) {
  const db = await openDatabase(config);
  const ctx = commandContext(config, db);
  try {
    return await embeddedBackup(ctx);
  } finally {
    await ctx.invalidation.close();
    await db.close();
  }
}

try {
  const passphrase = backupPassphrase();
  const config = loadConfigOrExit();
  let entries: BackupEntry[];
  if (config.databaseUrl) {
    const dump = await runPgTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--dbname',
      config.databaseUrl,
    ]);
    entries = [{ name: 'database/postgres.dump', data: dump }, ...(await filesToBackUp(config))];
  } else {
    entries = (await fromServer(config)) ?? (await fromFolder(config));
  }
  const file = sealBackup(
    passphrase,
    packEntries(entries),
    config.databaseUrl ? 'postgres' : 'pglite',
  );
  const temp = `${out}.partial`;
  await writeFile(temp, file, { mode: 0o600 });
  await rename(temp, out);
  const files = entries.filter((entry) => entry.name.startsWith('documents/')).length;
  console.log(
    `backup written to ${out}: ${file.length} bytes (documents in the database` +
      `${files > 0 ? `, and ${files} document files not moved into it yet` : ''})`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
