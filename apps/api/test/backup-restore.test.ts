import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ensureDatabase } from '../src/commands/ensure-database.ts';
import { BACKUP_MAGIC, openBackup } from '../src/lib/backup-file.ts';
import {
  basicAuth,
  createIntegrator,
  databaseKinds,
  freePort,
  request,
  type TestServer,
} from './harness.ts';
import { nationalId } from './individuals-helpers.ts';
import { createIndividual } from './personal-helpers.ts';
import { runCommand, spawnServer } from './server-process.ts';

const PASSPHRASE = 'correct horse battery staple';

/**
 * The round trip an operator relies on, on the embedded database, with real processes: data made
 * through the API, `npm run backup` while the server runs, the data folder wiped, `npm run
 * restore`, a new server on the restored folder. Secrets come from the data folder (no
 * JWT_SECRET / TOKEN_PEPPER), so the backup must carry them for anything to open.
 */
describe('backup and restore (embedded)', () => {
  it('brings back codes, people, documents and an intact audit chain', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tanqin-backup-'));
    const backupFile = path.join(mkdtempSync(path.join(tmpdir(), 'tanqin-backup-file-')), 'b.tqb');
    const port = await freePort();
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      BACKUP_PASSPHRASE: PASSPHRASE,
    };
    // Starting a server on a fresh folder takes long on a loaded machine: a generous deadline.
    const start = async () => {
      const started = spawnServer(env);
      await started.ready(150_000);
      return started;
    };
    let server = await start();
    try {
      const asTestServer = { baseUrl: server.baseUrl, ctx: { config: { dataDir } } } as TestServer;
      const integrator = await createIntegrator(server.baseUrl);
      const person = await createIndividual(asTestServer, nationalId());
      const code = async (subject?: { national_id: string }) => {
        const res = await request(server.baseUrl, 'POST', '/v1/tokens/generate', {
          headers: integrator.headers,
          json: { data: { name: 'سارة' }, expires_in: 3600, ...(subject && { subject }) },
        });
        expect(res.status).toBe(201);
        return res.body as { token: string; token_id: string };
      };
      const unused = await code();
      const forPerson = await code({ national_id: person.nationalId });
      const upload = await fetch(
        `${server.baseUrl}/api/v1/documents?type=national_id&name=id.pdf`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/pdf', authorization: `Bearer ${person.token}` },
          body: new Uint8Array(Buffer.from('%PDF-1.4 backup round trip\n%%EOF')),
        },
      );
      expect(upload.status).toBe(201);
      const documentId = ((await upload.json()) as { document: { id: string } }).document.id;

      // Through the running server, which holds the data folder.
      const backup = await runCommand(
        'apps/api/src/commands/backup.ts',
        ['--out', backupFile],
        env,
      );
      expect(backup, backup.stderr).toMatchObject({ code: 0 });
      const written = readFileSync(backupFile);
      expect(written.subarray(0, BACKUP_MAGIC.length).toString()).toBe(BACKUP_MAGIC);
      expect(written.includes('backup round trip')).toBe(false);
      expect(written.includes(readFileSync(path.join(dataDir, 'secrets.json')))).toBe(false);

      await server.stop();
      rmSync(dataDir, { recursive: true });

      const restore = (args: string[]) => runCommand('apps/api/src/commands/restore.ts', args, env);
      expect(() => openBackup('not the passphrase', written)).toThrow(/does not open/);
      const restored = await restore([backupFile]);
      expect(restored, restored.stderr).toMatchObject({ code: 0 });
      // A folder that holds a database now is refused without --force.
      expect((await restore([backupFile])).code).toBe(2);
      // The document's content came back inside the database: there is no documents folder.
      expect(existsSync(path.join(dataDir, 'documents'))).toBe(false);

      server = await start();
      const verify = () =>
        request(server.baseUrl, 'POST', '/v1/tokens/verify', {
          headers: basicAuth(integrator.organization.client_id, integrator.key),
          json: { token: unused.token },
        });
      expect((await verify()).status).toBe(200);
      expect((await verify()).status).toBe(410);

      const login = await request(server.baseUrl, 'POST', '/api/v1/auth/login', {
        json: { email: person.email, password: person.password },
      });
      expect(login.status).toBe(200);
      const history = await request(server.baseUrl, 'GET', '/api/v1/me/codes', {
        token: login.body.token,
      });
      expect(history.status).toBe(200);
      expect(JSON.stringify(history.body.codes)).toContain(forPerson.token_id);
      const file = await fetch(`${server.baseUrl}/api/v1/documents/${documentId}/file`, {
        headers: { authorization: `Bearer ${login.body.token}` },
      });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).toString()).toContain('backup round trip');

      const audit = await runCommand('apps/api/src/commands/audit-verify.ts', [], env);
      expect(audit, audit.stdout + audit.stderr).toMatchObject({ code: 0 });
    } finally {
      await server.stop();
    }
  }, 480_000);
});

const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

describe.runIf(databaseKinds.includes('postgres'))(
  'restore into a database that does not exist',
  () => {
    it("creates it when DATABASE_URL's user may, else says how before doing anything", async () => {
      const suffix = randomBytes(4).toString('hex');
      const name = `tanqin_restore_${suffix}`;
      const role = `tanqin_nocreate_${suffix}`;
      const target = new URL(adminUrl);
      target.pathname = `/${name}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        expect(await ensureDatabase(target.toString())).toBe('created');
        expect(await ensureDatabase(target.toString())).toBe('exists');

        // A role that may log in but not create databases is told what to run.
        await admin.query(`create role ${role} login nocreatedb`);
        const asRole = new URL(target);
        asRole.username = role;
        asRole.pathname = `/${name}_missing`;
        await expect(ensureDatabase(asRole.toString())).rejects.toThrow(
          `The database "${name}_missing" does not exist at ${target.hostname}:${target.port || 5432} and ${role} could not create it`,
        );
        await expect(ensureDatabase(asRole.toString())).rejects.toThrow(
          `sudo -u postgres createdb --owner ${role} ${name}_missing`,
        );
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.query(`drop role if exists ${role}`);
        await admin.end();
      }
    });
  },
);
