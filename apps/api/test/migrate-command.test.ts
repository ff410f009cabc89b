import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrate, migrationFiles } from '../src/db/migrate.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { databaseKinds, request } from './harness.ts';
import { freePort, runCommand, spawnServer } from './server-process.ts';

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const migrationsDir = path.join(import.meta.dirname, '../src/db/migrations');
const secrets = {
  NODE_ENV: 'test',
  JWT_SECRET: 'migrate-jwt-secret-0123456789abcdef012345',
  TOKEN_PEPPER: 'migrate-pepper-0123456789abcdef0123456789',
};

describe('migrations', () => {
  it('each says on its first line whether it locks a large table', () => {
    const silent = migrationFiles().filter((file) => {
      const firstLine = readFileSync(path.join(migrationsDir, file), 'utf8').split('\n')[0]!;
      return !/^--.*\blocks?\b/i.test(firstLine);
    });
    expect(silent, 'start these with e.g. "-- Locks: new tables only."').toEqual([]);
  });
});

/** A fresh PostgreSQL database, dropped after `use`. */
async function withFreshDatabase(use: (url: string) => Promise<void>) {
  const name = `tanqin_migrate_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await use(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

describe.runIf(databaseKinds.includes('postgres'))('upgrading PostgreSQL', () => {
  it('`npm run migrate -- --check` lists what is pending and fails; `npm run migrate` applies it alone', async () => {
    await withFreshDatabase(async (url) => {
      const older = await openPostgres(url);
      const files = migrationFiles();
      await migrate(older, { through: files.at(-3) });
      await older.close();
      const env = {
        ...secrets,
        DATABASE_URL: url,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tanqin-migrate-')),
      };
      const script = 'apps/api/src/commands/migrate.ts';

      const before = await runCommand(script, ['--check'], env);
      expect(before.code).toBe(1);
      expect(before.stdout).toBe(
        files
          .slice(-2)
          .map((file) => `pending: ${file}\n`)
          .join(''),
      );

      const applied = await runCommand(script, [], env);
      expect(applied.code).toBe(0);
      expect(applied.stdout).toBe(
        files
          .slice(-2)
          .map((file) => `applied: ${file}\n`)
          .join(''),
      );

      expect(await runCommand(script, ['--check'], env)).toMatchObject({
        code: 0,
        stdout: 'up to date\n',
      });
    });
  }, 60_000);

  it('on a fresh PostgreSQL database: one migrates, every migration is recorded once, all serve', async () => {
    await withFreshDatabase(async (databaseUrl) => {
      const servers = [];
      for (let i = 0; i < 3; i++) {
        servers.push(
          spawnServer({
            ...secrets,
            PORT: String(await freePort()),
            DATABASE_URL: databaseUrl,
            DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tanqin-migrate-')),
          }),
        );
      }
      try {
        await Promise.all(servers.map((server) => server.ready()));
        for (const server of servers) {
          // Reads the migrated users table: an unknown address is refused, not a 5xx.
          const res = await request(server.baseUrl, 'POST', '/api/v1/auth/login', {
            json: { email: 'nobody@example.sa', password: 'Str0ngPassw0rd' },
          });
          expect(res.status).toBe(401);
        }
        const db = new pg.Client({ connectionString: databaseUrl });
        await db.connect();
        const { rows } = await db.query<{ id: string; applied_at: Date }>(
          'select id, applied_at from schema_migrations order by id',
        );
        await db.end();
        expect(rows.map((row) => row.id)).toEqual(migrationFiles());
        // All in one transaction (now() is its start): one process migrated, the others found it done.
        expect(new Set(rows.map((row) => row.applied_at.getTime())).size).toBe(1);
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
      }
    });
  }, 120_000);
});
