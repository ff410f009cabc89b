import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AppContext } from '../src/app-context.ts';
import type { Database } from '../src/db/database.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { expireTokens } from '../src/modules/tokens/tokens.service.ts';
import {
  createIntegrator,
  createTestDatabase,
  databaseKinds,
  freePort,
  request,
  type TestServer,
  testConfig,
} from './harness.ts';
import { proveIdentity } from './identity-helpers.ts';
import { nationalId as randomNationalId } from './individuals-helpers.ts';

/**
 * The promise: no response, log line or database column holds a national id in clear.
 * A person registers with their id, organisations issue codes for it (the id in the subject and
 * in the shared data), verify, revoke and let one expire; the person reads their page. Then every
 * response body, every log line, every text column of every table and every file in the data
 * folder is searched for the ten digits. The one answer that may hold them is the verify an
 * organisation asked for: the data it was given, which proves the search finds what it looks for.
 */
describe.each(databaseKinds)('the national id in clear, on %s', (kind) => {
  const clock = new ManualClock(new Date('2026-11-22T10:00:00Z'));
  const logLines: string[] = [];
  const responses: { label: string; text: string }[] = [];
  let db: Database;
  let ctx: AppContext;
  let baseUrl: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    const port = await freePort();
    const built = await buildApp({
      // The most talkative level: anything any part of the server logs is seen here.
      config: testConfig({ LOG_LEVEL: 'trace', PUBLIC_URL: `http://127.0.0.1:${port}` }),
      db,
      clock,
      runBackgroundJobs: false,
      logStream: { write: (line: string) => void logLines.push(line) },
    });
    ctx = built.ctx;
    await built.app.listen({ port, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${port}`;
    close = async () => {
      await built.app.close();
      await db.close();
    };
  });
  afterAll(() => close());

  /** Every call of the journey goes through here, so its answer is searched later. */
  async function call(
    label: string,
    method: string,
    urlPath: string,
    options: Parameters<typeof request>[3] = {},
  ) {
    const res = await request(baseUrl, method, urlPath, options);
    responses.push({
      label,
      text: `${JSON.stringify(Object.fromEntries(res.headers))}\n${JSON.stringify(res.body)}`,
    });
    return res;
  }

  function outboxCode(to: string): string {
    const file = path.join(ctx.config.dataDir, 'outbox.jsonl');
    const entry = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; text: string })
      .filter((e) => e.to === to)
      .at(-1);
    const code = entry?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code sent to ${to}`);
    return code;
  }

  it('appears in no response but the verify that asked for it, no log line, no column, no file', async () => {
    const nationalId = randomNationalId();
    const phoneNumber = '0551239876';
    const email = `privacy-${Date.now().toString(36)}@example.sa`;
    const password = 'Str0ngPassw0rd';

    // 1. The person registers and confirms, through the real registration.
    const registered = await call('register', 'POST', '/api/v1/auth/register/individual', {
      json: {
        nationalId,
        phoneNumber,
        email,
        firstName: 'نورة',
        lastName: 'الشمري',
        password,
        confirmPassword: password,
        method: 'sms',
      },
    });
    expect(registered.status).toBe(201);
    const confirmed = await call('confirm', 'POST', '/api/v1/auth/verify/individual', {
      token: registered.body.token,
      json: { method: 'sms', code: outboxCode(phoneNumber) },
    });
    expect(confirmed.status).toBe(200);
    // Registering the same id again answers as for any id (no oracle), without repeating it.
    const duplicate = await call('register again', 'POST', '/api/v1/auth/register/individual', {
      json: {
        nationalId,
        phoneNumber: '0559876543',
        email: `other-${email}`,
        firstName: 'سارة',
        lastName: 'العتيبي',
        password,
        confirmPassword: password,
        method: 'email',
      },
    });
    expect(duplicate.status).toBe(201);
    const login = await call('login', 'POST', '/api/v1/auth/login', { json: { email, password } });
    expect(login.status).toBe(200);
    const person = login.body.token as string;
    // The id proven at the development identity provider (in clear there, as at a real one).
    const proof = await proveIdentity({ baseUrl } as TestServer, person, nationalId);
    expect(proof.status).toBe(200);
    responses.push({ label: 'identity proof', text: JSON.stringify(proof.body) });
    await call('me', 'GET', '/api/v1/auth/me', { token: person });

    // A scan of the id card, named after the id: the person's own file and file name, shown back
    // only to them, encrypted on disk and in the database, and never logged (not even in the URL).
    const scanName = `هوية ${nationalId}.pdf`;
    const upload = await fetch(
      `${baseUrl}/api/v1/documents?${new URLSearchParams({ type: 'national_id', name: scanName })}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${person}`, 'content-type': 'application/pdf' },
        body: new TextEncoder().encode(`%PDF-1.4\n% National id ${nationalId}\n%%EOF\n`),
      },
    );
    expect(upload.status).toBe(201);
    const documents = await request(baseUrl, 'GET', '/api/v1/documents', { token: person });
    expect(documents.body.documents[0].name).toBe(scanName);

    // 2. Organisations issue codes for this id, verify one, the person revokes another.
    const bank = await createIntegrator(baseUrl, {
      scopes: ['token:generate', 'token:verify', 'token:revoke'],
    });
    const ministry = await createIntegrator(baseUrl);
    const generated = await call('generate', 'POST', '/v1/tokens/generate', {
      headers: bank.headers,
      json: {
        data: { full_name: 'نورة الشمري', national_id: nationalId },
        data_scope: 'identity',
        audience: ministry.organization.client_id,
        subject: { national_id: nationalId },
      },
    });
    expect(generated.status).toBe(201);
    const refused = await call(
      'verify by the issuer (wrong audience)',
      'POST',
      '/v1/tokens/verify',
      {
        headers: bank.headers,
        json: { token: generated.body.token },
      },
    );
    expect(refused.status).toBe(404);
    const verified = await request(baseUrl, 'POST', '/v1/tokens/verify', {
      headers: ministry.headers,
      json: { token: generated.body.token },
    });
    expect(verified.status).toBe(200);
    // The one place the id may be: the data the audience was given. The search below finds it.
    expect(JSON.stringify(verified.body)).toContain(nationalId);
    await call('status', 'GET', `/v1/tokens/${generated.body.token_id}/status`, {
      headers: ministry.headers,
    });
    await call('verify again', 'POST', '/v1/tokens/verify', {
      headers: ministry.headers,
      json: { token: generated.body.token },
    });

    clock.advance(1000);
    const second = await call('generate 2', 'POST', '/v1/tokens/generate', {
      headers: bank.headers,
      json: { data: { national_id: nationalId }, subject: { national_id: nationalId } },
    });
    const revoked = await call(
      'revoke',
      'POST',
      `/api/v1/me/codes/${second.body.token_id}/revoke`,
      {
        token: person,
      },
    );
    expect(revoked.status).toBe(200);
    const gone = await call('verify revoked', 'POST', '/v1/tokens/verify', {
      headers: bank.headers,
      json: { token: second.body.token },
    });
    expect(gone.status).toBe(410);
    expect(gone.body.code).toBe('token_revoked');

    clock.advance(1000);
    const third = await call('generate 3', 'POST', '/v1/tokens/generate', {
      headers: bank.headers,
      json: {
        data: { national_id: nationalId },
        expires_in: 60,
        subject: { national_id: nationalId },
      },
    });
    expect(third.status).toBe(201);
    // An invalid subject id is refused without being repeated back.
    const invalid = await call('generate with a bad id', 'POST', '/v1/tokens/generate', {
      headers: bank.headers,
      json: { data: { a: 1 }, subject: { national_id: `${nationalId}9` } },
    });
    expect(invalid.status).toBe(400);
    clock.advance(61_000);
    await expireTokens(ctx);

    // 3. The person reads their page: three codes, the trail of each, in both shapes.
    const codes = await call('my codes', 'GET', '/api/v1/me/codes', { token: person });
    expect(codes.body.codes.map((code: { status: string }) => code.status)).toEqual([
      'expired',
      'revoked',
      'used',
    ]);
    expect(codes.body.codes[2].trail.map((entry: { action: string }) => entry.action)).toEqual([
      'generated',
      'verify_refused',
      'verified',
      'verify_refused',
    ]);
    expect(codes.body.codes[2].data_fields).toEqual(['full_name', 'national_id']);
    await call('my tokens', 'GET', '/api/v1/individuals/me/tokens', { token: person });
    await call('staff codes', 'GET', '/api/v1/tokens?direction=received', {
      token: ministry.token,
    });
    await call('audit', 'GET', '/api/v1/audit/verify', { token: bank.token });

    // 4. Search everything.
    for (const response of responses) {
      expect(response.text, response.label).not.toContain(nationalId);
    }

    expect(logLines.length).toBeGreaterThan(20);
    expect(logLines.join('')).toContain('/api/v1/me/codes');
    const loggedIds = logLines.filter((line) => line.includes(nationalId));
    expect(loggedIds).toEqual([]);

    const columns = await db.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
        where table_schema = 'public'
          and data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'bytea')
        order by table_name, column_name`,
    );
    expect(columns.map((c) => `${c.table_name}.${c.column_name}`)).toEqual(
      expect.arrayContaining(['tokens.subject_hash', 'users.national_id_hash', 'audit_log.fields']),
    );
    for (const { table_name, column_name } of columns) {
      const hits = await db.query<{ n: number }>(
        `select count(*)::int as n from "${table_name}"
          where position($1 in coalesce("${column_name}"::text, '')) > 0`,
        [nationalId],
      );
      expect(hits[0]!.n, `${table_name}.${column_name}`).toBe(0);
    }
    // Sanity: the person's row exists and is matched by the HMAC only.
    const [user] = await db.query<{ national_id_last4: string }>(
      'select national_id_last4 from users where lower(email) = $1',
      [email],
    );
    expect(user!.national_id_last4).toBe(nationalId.slice(-4));

    // The data folder: the outbox of confirmation messages, secrets, documents.
    const files = (dir: string): string[] =>
      existsSync(dir)
        ? readdirSync(dir).flatMap((name) => {
            const full = path.join(dir, name);
            return statSync(full).isDirectory() ? files(full) : [full];
          })
        : [];
    const dataFiles = files(ctx.config.dataDir);
    expect(dataFiles.some((file) => file.endsWith('outbox.jsonl'))).toBe(true);
    for (const file of dataFiles) {
      expect(readFileSync(file).includes(nationalId), file).toBe(false);
    }
  });
});
