import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import {
  createIntegrator,
  databaseKinds,
  request,
  startTestServer,
  type TestServer,
} from './harness.ts';
import { createIndividual } from './personal-helpers.ts';

const data = { full_name: 'نورة الشمري', birth_date: '1992-03-01' };

describe.each(databaseKinds)('a person works through their code history on %s', (kind) => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-11-22T10:00:00Z'));
  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
  });
  afterAll(() => server.close());

  const get = (token: string, path: string) => request(server.baseUrl, 'GET', path, { token });

  /** A person with codes from a bank (some for a ministry, one used by it) and one revoked. */
  async function personWithHistory() {
    const person = await createIndividual(server);
    const other = await createIndividual(server);
    const bank = await createIntegrator(server.baseUrl);
    const ministry = await createIntegrator(server.baseUrl);
    const ids: string[] = [];
    const issue = async (audience?: string, expiresIn?: number) => {
      const res = await bank.call('POST', '/v1/tokens/generate', {
        data,
        ...(audience ? { audience } : {}),
        ...(expiresIn ? { expires_in: expiresIn } : {}),
        subject: { national_id: person.nationalId },
      });
      expect(res.status).toBe(201);
      ids.unshift(res.body.token_id);
      return res.body as { token: string; token_id: string };
    };
    // Three issued in the same millisecond (paging must neither skip nor repeat any of them),
    // for a minute: they read as expired after it, though the sweep has not run.
    const early: string[] = [];
    for (let i = 0; i < 3; i++) early.push((await issue(undefined, 60)).token_id);
    clock.advance(60_000);
    const forMinistry = await issue(ministry.organization.client_id);
    const stillActive = await issue(ministry.organization.client_id);
    clock.advance(60_000);
    const revoked = await issue();
    await request(server.baseUrl, 'POST', `/api/v1/me/codes/${revoked.token_id}/revoke`, {
      token: person.token,
    });
    clock.advance(1000);
    expect(
      (await ministry.call('POST', '/v1/tokens/verify', { token: forMinistry.token })).status,
    ).toBe(200);
    await bank.call('POST', '/v1/tokens/generate', {
      data,
      subject: { national_id: other.nationalId },
    });
    return { person, bank, ministry, ids, early, forMinistry, stillActive, revoked };
  }

  it('pages newest first by cursor, every code once, to the last page', async () => {
    const { person, ids } = await personWithHistory();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(
        person.token,
        `/api/v1/me/codes?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.codes.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.codes.map((code: { id: string }) => code.id));
      cursor = res.body.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    // The default page holds them all, newest first, with no cursor after it.
    const all = await get(person.token, '/api/v1/me/codes');
    expect(all.body.next_cursor).toBeNull();
    const newestFirst = all.body.codes.map((code: { id: string }) => code.id);
    expect(seen).toEqual(newestFirst);
    expect([...seen].sort()).toEqual([...ids].sort());
    expect(seen[0]).toBe(ids[0]);

    const tokens = await get(person.token, '/api/v1/individuals/me/tokens?limit=4');
    expect(tokens.body.tokens.map((code: { token_id: string }) => code.token_id)).toEqual(
      newestFirst.slice(0, 4),
    );
    const rest = await get(
      person.token,
      `/api/v1/individuals/me/tokens?cursor=${tokens.body.next_cursor}`,
    );
    expect(rest.body.tokens.map((code: { token_id: string }) => code.token_id)).toEqual(
      newestFirst.slice(4),
    );
    expect(rest.body.next_cursor).toBeNull();
  });

  it('filters by status, body, role and dates', async () => {
    const { person, ministry, bank, ids, early, forMinistry, stillActive, revoked } =
      await personWithHistory();
    const idsOf = async (query: string) => {
      const res = await get(person.token, `/api/v1/me/codes?${query}`);
      expect(res.status, query).toBe(200);
      return res.body.codes.map((code: { id: string }) => code.id).sort();
    };
    const set = (...list: string[]) => [...list].sort();
    expect(await idsOf('status=used')).toEqual([forMinistry.token_id]);
    expect(await idsOf('status=revoked')).toEqual([revoked.token_id]);
    // An active code past its expiry is shown, and filtered, as expired.
    expect(await idsOf('status=active')).toEqual([stillActive.token_id]);
    expect(await idsOf('status=expired')).toEqual(set(...early));

    const ministryName = encodeURIComponent(ministry.organization.name);
    const forTheMinistry = set(forMinistry.token_id, stillActive.token_id);
    expect(await idsOf(`body=${ministryName}`)).toEqual(forTheMinistry);
    expect(await idsOf(`body=${ministryName}&body_role=verifier`)).toEqual(forTheMinistry);
    expect(await idsOf(`body=${ministryName}&body_role=issuer`)).toEqual([]);
    // Part of the name, any letter case; % is a letter, not a wildcard.
    const part = encodeURIComponent(bank.organization.name.slice(-6).toUpperCase());
    expect(await idsOf(`body=${part}&body_role=issuer`)).toEqual(set(...ids));
    expect(await idsOf('body=%25')).toEqual([]);

    const start = new Date(clock.now().getTime() - 121_000);
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000).toISOString();
    // Issued in the second minute (from inclusive, to exclusive).
    expect(await idsOf(`from=${at(60)}&to=${at(120)}`)).toEqual(forTheMinistry);
    expect(await idsOf(`to=${at(60)}`)).toEqual(set(...early));
    expect(await idsOf(`from=${at(121)}`)).toEqual([]);
  });

  it('refuses a cursor it did not give out and a malformed filter (400)', async () => {
    const person = await createIndividual(server);
    for (const query of [
      'cursor=nonsense',
      `cursor=${Buffer.from('2026-01-01T00:00:00Z|x; drop').toString('base64url')}`,
      'status=lost',
      'from=yesterday',
      'limit=1000',
    ]) {
      const res = await get(person.token, `/api/v1/me/codes?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  it('exports the person’s own history as CSV: names, never values, formulas defused', async () => {
    const { person, bank, ids } = await personWithHistory();
    await server.ctx.db.query('update organizations set name = $1 where id = $2', [
      '=HYPERLINK("http://evil.example","x")',
      bank.organization.id,
    ]);
    const page = await get(person.token, '/api/v1/me/codes');
    const newestFirst = page.body.codes.map((code: { id: string }) => code.id);
    expect(newestFirst).toHaveLength(ids.length);
    for (const path of ['/api/v1/me/codes.csv', '/api/v1/individuals/me/tokens.csv']) {
      const res = await get(person.token, path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/csv');
      expect(res.headers.get('content-disposition')).toContain('attachment');
      expect(res.headers.get('cache-control')).toContain('no-store');
      const lines = (res.body as string)
        .replace(/^\ufeff/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe(
        'code_id,created_at,status,issuer,issuer_type,verifier,used_by,used_at,expires_at,revoked_at,fields',
      );
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(newestFirst);
      expect(lines[1]).toContain(`,revoked,"'=HYPERLINK(""http://evil.example"",""x"")",private,`);
      // The fields by the names the screens give them, in the person's language (Arabic).
      expect(lines[1]).toMatch(/,الاسم الكامل، تاريخ الميلاد$/);
      expect(res.body).not.toMatch(/full_name|birth_date/);
      expect(res.body).not.toContain(data.full_name);
      expect(res.body).not.toContain(data.birth_date);
    }
    // A spreadsheet whose list separator is ';' would split this name and run '=1+1'.
    await server.ctx.db.query('update organizations set name = $1 where id = $2', [
      'a;=1+1;b',
      bank.organization.id,
    ]);
    expect((await get(person.token, '/api/v1/me/codes.csv')).body).toContain(`,"a;'=1+1;b",`);
    const used = await get(person.token, '/api/v1/me/codes.csv?status=used');
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    expect((used.body as string).trimEnd().split('\r\n')).toHaveLength(2);

    // Another person's export holds nothing of this one's.
    const stranger = await createIndividual(server);
    const empty = await get(stranger.token, '/api/v1/me/codes.csv');
    expect((empty.body as string).trimEnd().split('\r\n')).toHaveLength(1);
    expect((await get(bank.token, '/api/v1/me/codes.csv')).status).toBe(403);
  });

  it('names the fields in the language asked for, else the profile’s; an own field keeps its name', async () => {
    const person = await createIndividual(server);
    const bank = await createIntegrator(server.baseUrl);
    const issued = await bank.call('POST', '/v1/tokens/generate', {
      data: { 'blood.type': 'O+', iban: 'SA0380000000608010167519' },
      subject: { national_id: person.nationalId },
    });
    expect(issued.status).toBe(201);
    clock.advance(1000);
    await bank.call('POST', '/v1/tokens/generate', {
      data,
      subject: { national_id: person.nationalId },
    });
    const csvLines = async (query: string) => {
      const res = await get(person.token, `/api/v1/me/codes.csv${query}`);
      expect(res.status, query).toBe(200);
      return (res.body as string).trimEnd().split('\r\n');
    };

    const english = await csvLines('?lang=en');
    expect(english[1]).toMatch(/,"Full name, Date of birth"$/);
    // A field of the organisation's own has no label: it keeps its name.
    expect(english[2]).toMatch(/,"blood\.type, IBAN"$/);
    const arabic = await csvLines('?lang=ar');
    expect(arabic[1]).toMatch(/,الاسم الكامل، تاريخ الميلاد$/);
    expect(arabic[2]).toMatch(/,blood\.type، رقم الآيبان$/);

    // Without `lang`, the language the person chose in their profile.
    expect((await csvLines(''))[1]).toMatch(/,الاسم الكامل، تاريخ الميلاد$/);
    const saved = await request(server.baseUrl, 'PUT', '/api/v1/profile/language', {
      token: person.token,
      json: { language: 'en' },
    });
    expect(saved.status).toBe(200);
    expect((await csvLines(''))[1]).toMatch(/,"Full name, Date of birth"$/);
    expect((await csvLines('?lang=ar&status=active'))[1]).toMatch(/,الاسم الكامل، تاريخ الميلاد$/);

    const unknown = await get(person.token, '/api/v1/me/codes.csv?lang=fr');
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('content-type')).toContain('application/problem+json');
  });
});
