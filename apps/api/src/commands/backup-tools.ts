import { execFile } from 'node:child_process';

/** BACKUP_PASSPHRASE, which encrypts and opens backups; at least 12 characters. */
export function backupPassphrase(): string {
  const passphrase = process.env.BACKUP_PASSPHRASE ?? '';
  if (passphrase.length < 12) {
    throw new Error('Set BACKUP_PASSPHRASE (at least 12 characters): it encrypts the backup');
  }
  return passphrase;
}

/** Runs a PostgreSQL client tool (pg_dump, pg_restore); resolves its standard output. */
export function runPgTool(tool: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      tool,
      args,
      { encoding: 'buffer', maxBuffer: 2 ** 31 - 1 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${tool} failed: ${stderr.toString() || error.message}`));
        else resolve(stdout);
      },
    );
  });
}
