import { execFile, execFileSync } from 'node:child_process';
import {
  appendFileSync,
  chownSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './harness.ts';

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface Standby {
  /** The standby's address for one of the primary's databases. */
  urlOf(database: string): string;
  /** Runs a statement on the standby (pausing replay, reading what it has). */
  query<T>(database: string, sql: string): Promise<T[]>;
  /** Stops the standby server (a fast shutdown: its sessions are ended). */
  stop(): Promise<void>;
  /** Stops it if it runs and removes its folder. */
  remove(): Promise<void>;
}

async function onPrimary<T>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * Lets localhost open replication connections to the running server, as docs/operations says an
 * operator does for a standby: the machine's server trusts local connections already, but
 * PostgreSQL's `all` does not cover replication.
 */
async function allowLocalReplication() {
  const [{ hba_file: hbaFile } = { hba_file: '' }] = await onPrimary<{ hba_file: string }>(
    'show hba_file',
  );
  if (/^\s*host\s+replication\s/m.test(readFileSync(hbaFile, 'utf8'))) return;
  appendFileSync(
    hbaFile,
    '\n# A local streaming standby (Tanqin replica test)\nhost replication all 127.0.0.1/32 trust\n',
  );
  await onPrimary('select pg_reload_conf()');
}

/** PostgreSQL refuses to run as root: the server's own account runs the standby. */
async function asServerAccount(command: string, args: string[]) {
  const root = userInfo().uid === 0;
  await promisify(execFile)(
    root ? 'runuser' : command,
    root ? ['-u', 'postgres', '--', command, ...args] : args,
  );
}

/**
 * A real streaming standby of the running PostgreSQL server, on a port of its own:
 * `pg_basebackup` from the server and a standby started from the copy.
 */
export async function startStandby(): Promise<Standby> {
  await allowLocalReplication();
  const [{ major } = { major: '' }] = await onPrimary<{ major: string }>(
    "select current_setting('server_version_num')::int / 10000 as major",
  );
  const bin = (name: string) => path.join(`/usr/lib/postgresql/${major}/bin`, name);
  const folder = mkdtempSync(path.join(tmpdir(), 'tanqin-standby-'));
  if (userInfo().uid === 0) {
    const postgresUid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    chownSync(folder, postgresUid, postgresUid);
  }
  const dataDir = path.join(folder, 'data');
  const primary = new URL(adminUrl);
  await asServerAccount(bin('pg_basebackup'), [
    '-h',
    primary.hostname,
    '-p',
    primary.port || '5432',
    '-U',
    primary.username || 'postgres',
    '-D',
    dataDir,
    '-X',
    'stream',
    '-R',
    '-c',
    'fast',
  ]);
  const port = await freePort();
  // Debian keeps the server's configuration outside its data folder: the copy gets its own.
  writeFileSync(
    path.join(dataDir, 'postgresql.conf'),
    `listen_addresses = '127.0.0.1'\nport = ${port}\nunix_socket_directories = '${folder}'\nhot_standby = on\nfsync = off\n`,
  );
  writeFileSync(
    path.join(dataDir, 'pg_hba.conf'),
    'local all all trust\nhost all all 127.0.0.1/32 trust\n',
  );
  if (userInfo().uid === 0) execFileSync('chown', ['-R', 'postgres:postgres', dataDir]);
  await asServerAccount(bin('pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    path.join(folder, 'log'),
    '-w',
    'start',
  ]);

  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await asServerAccount(bin('pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  };
  return {
    urlOf,
    async query<T>(database: string, sql: string) {
      const client = new pg.Client({ connectionString: urlOf(database) });
      await client.connect();
      try {
        return (await client.query(sql)).rows as T[];
      } finally {
        await client.end();
      }
    },
    stop,
    async remove() {
      await stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
