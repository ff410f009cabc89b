import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './database.ts';

const migrationsDir = path.join(import.meta.dirname, 'migrations');
// Any fixed number: several API processes starting at once take turns migrating.
const MIGRATION_LOCK_ID = 7_414_221;

/**
 * Applies every `migrations/NNNN_name.sql` not applied yet, in one transaction. `through` stops
 * after that file (a test builds an older database to see what a later migration does to its rows).
 */
export async function migrate(db: Database, options: { through?: string } = {}): Promise<string[]> {
  const files = migrationFiles().filter((file) => !options.through || file <= options.through);
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    // Under the lock: two processes creating it at once on a fresh database collide in the
    // catalogue (duplicate pg_type row) even with `if not exists`.
    await tx.query(`create table if not exists schema_migrations (
      id text primary key,
      applied_at timestamptz not null default now()
    )`);
    const done = new Set(
      (await tx.query<{ id: string }>('select id from schema_migrations')).map((row) => row.id),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = readFileSync(path.join(migrationsDir, file), 'utf8');
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (id) values ($1)', [file]);
      applied.push(file);
    }
  });
  return applied;
}

/** Every migration file name, in the order they apply. */
export function migrationFiles(): string[] {
  return readdirSync(migrationsDir)
    .filter((file) => file.endsWith('.sql'))
    .sort();
}

/** The migration files this database has not applied yet (all of them on an empty database). */
export async function pendingMigrations(db: Database): Promise<string[]> {
  const [table] = await db.query<{ name: string | null }>(
    "select to_regclass('schema_migrations')::text as name",
  );
  if (!table?.name) return migrationFiles();
  const done = new Set(
    (await db.query<{ id: string }>('select id from schema_migrations')).map((row) => row.id),
  );
  return migrationFiles().filter((file) => !done.has(file));
}

/** Migrations are plain statements separated by semicolons at line ends (no functions bodies). */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
