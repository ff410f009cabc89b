import pg from 'pg';
import { databaseAddress } from '../db/wait-for-database.ts';

/**
 * Makes sure DATABASE_URL's database exists before a restore: when the server answers that it
 * does not (3D000), creates it as DATABASE_URL's user through the `postgres` database, owned by
 * that user; when that user may not, says how to create it. Resolves with what it did.
 */
export async function ensureDatabase(connectionString: string): Promise<'exists' | 'created'> {
  const probe = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
  try {
    await probe.connect();
    return 'exists';
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error;
  } finally {
    await probe.end().catch(() => {});
  }
  const url = new URL(connectionString);
  const name = decodeURIComponent(url.pathname.slice(1));
  const user = decodeURIComponent(url.username) || 'the connecting user';
  const maintenance = new URL(connectionString);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({
    connectionString: maintenance.toString(),
    connectionTimeoutMillis: 10_000,
  });
  try {
    await admin.connect();
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
    return 'created';
  } catch (error) {
    throw new Error(
      `The database "${name}" does not exist at ${databaseAddress(connectionString)} and ` +
        `${user} could not create it (${(error as Error).message}). Create it first, empty, ` +
        `as PostgreSQL's superuser: sudo -u postgres createdb --owner ${url.username || 'tanqin'} ${name}`,
    );
  } finally {
    await admin.end().catch(() => {});
  }
}
