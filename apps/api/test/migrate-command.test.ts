import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type AppContext, deriveAppKeys } from '../src/app-context.ts';
import { loadConfig } from '../src/config.ts';
import { migrate, migrationFiles } from '../src/db/migrate.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { openContent, readSealedContent, sealContent } from '../src/modules/documents/index.ts';
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

  it('`npm run documents:migrate` moves the document files of an older version into the database, once', async () => {
    await withFreshDatabase(async (url) => {
      const env = {
        ...secrets,
        DATABASE_URL: url,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tanqin-migrate-')),
      };
      const config = loadConfig(env);
      const ctx = { config, keys: deriveAppKeys(config) } as AppContext;
      // The database and the files of the version before 0130: a document's content is a file.
      const older = await openPostgres(url);
      const files = migrationFiles();
      await migrate(older, { through: files[files.indexOf('0130_document_files.sql') - 1] });
      const [userId, id] = [randomUUID(), randomUUID()];
      const pdf = Buffer.from('%PDF-1.4\n% kept as a file by an older version\n%%EOF\n');
      await older.query(
        `insert into users (id, kind, email, first_name, last_name, password_hash)
         values ($1, 'individual', $2, 'سارة', 'الأحمد', 'not a hash')`,
        [userId, `${userId}@example.sa`],
      );
      await older.query(
        `insert into documents (id, user_id, type, name_encrypted, file_type, file_size, created_at, updated_at)
         values ($1, $2, 'passport', 'sealed name', 'pdf', $3, now(), now())`,
        [id, userId, pdf.length],
      );
      await older.close();
      mkdirSync(config.documentsDir, { recursive: true });
      writeFileSync(path.join(config.documentsDir, `${id}.bin`), sealContent(ctx, id, pdf));

      const script = 'apps/api/src/commands/documents-migrate.ts';
      const moved = await runCommand(script, [], env);
      expect(moved, moved.stderr).toMatchObject({ code: 0 });
      expect(JSON.parse(moved.stdout)).toMatchObject({ files: 1, moved: 1, removed: 1 });
      expect(readdirSync(config.documentsDir)).toEqual([]);
      const again = await runCommand(script, [], env);
      expect(again, again.stderr).toMatchObject({ code: 0 });
      expect(JSON.parse(again.stdout)).toMatchObject({ files: 0, moved: 0, removed: 0 });

      const db = await openPostgres(url);
      const sealed = await readSealedContent(db, id);
      await db.close();
      expect(openContent(ctx, id, sealed!).plaintext).toEqual(pdf);
    });
  }, 60_000);
});
