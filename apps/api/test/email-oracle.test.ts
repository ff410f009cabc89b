import { describe, expect, it, vi } from 'vitest';
import { databaseKinds, request, signupBody } from './harness.ts';
import {
  freshIp,
  fromIp,
  lastCode,
  outbox,
  registerConfirmed,
  registrationBody,
  useIndividualsServer,
} from './individuals-helpers.ts';

/*
 * No account oracle by email (issue 22.5): individual registration, organisation sign-up and a
 * profile email change answer the same (status, body shape, headers) whether the email has an
 * account or not. Only the address's mailbox learns which: a free address gets the code, a taken
 * one a mail saying someone tried to use it.
 */

/** The shape of a JSON value: its keys and the types of its leaves, not their values. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, shape(inner)]),
    );
  }
  return value === null ? 'null' : typeof value;
}

/** Header names, and the names and attributes of the cookies set (their values differ). */
function headerShape(headers: Headers) {
  const varying = new Set(['date', 'content-length', 'x-request-id', 'set-cookie']);
  const names = [...headers.keys()].filter((name) => !varying.has(name)).sort();
  const values = names.map((name) => `${name}: ${headers.get(name)}`);
  const cookies = headers
    .getSetCookie()
    .map((cookie) => cookie.replace(/=[^;]*/, '=…').replace(/Expires=[^;]*/i, 'Expires=…'));
  return { values, cookies };
}

let counter = 0;
/** Two addresses of the same length, so even Content-Length cannot differ. */
const sameLengthEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${String(counter++).padStart(4, '0')}@example.sa`;

/** The subject of the mail to a taken address, in its owner's language (both for staff). */
const IN_USE_SUBJECT =
  /Someone tried to use your email on Tanqin|محاولة لاستخدام بريدك الإلكتروني في تنقين/;

describe.each(databaseKinds)('no account oracle by email on %s', (kind) => {
  const suite = useIndividualsServer(kind, '2025-04-01T09:00:00Z');
  const { clock, post } = suite;
  const call = (method: string, path: string, options: Parameters<typeof request>[3] = {}) =>
    request(suite.server.baseUrl, method, path, options);
  const messagesTo = (to: string) =>
    outbox(suite.server).filter((entry) => entry.to.toLowerCase() === to.toLowerCase());
  const accountsWith = async (email: string) =>
    (
      await suite.server.db.query<{ n: number }>(
        'select count(*)::int as n from users where lower(email) = $1 or lower(claimed_email) = $1',
        [email.toLowerCase()],
      )
    )[0]!.n;

  it('answers an individual registration the same for a taken and a free email', async () => {
    const owner = await registerConfirmed(suite.server, { email: sameLengthEmail('owner') });
    const taken = owner.body.email!;
    const free = sameLengthEmail('freee');
    expect(free).toHaveLength(taken.length);
    const answers = [];
    for (const email of [taken.toUpperCase(), free]) {
      answers.push(
        await post('/api/v1/auth/register/individual', {
          json: registrationBody({ email, method: 'email' }),
          headers: fromIp(freshIp()),
        }),
      );
    }
    const [onTaken, onFree] = answers as [
      Awaited<ReturnType<typeof post>>,
      Awaited<ReturnType<typeof post>>,
    ];
    expect(onTaken.status).toBe(201);
    expect(onFree.status).toBe(201);
    expect(shape(onTaken.body)).toEqual(shape(onFree.body));
    expect(headerShape(onTaken.headers)).toEqual(headerShape(onFree.headers));
    // Each answer names the address it was given, and the hint is made the same way.
    expect(onTaken.body.user.email).toBe(taken.toUpperCase());
    expect(onTaken.body.verification.destination_hint).toBe(
      `${taken.toUpperCase().slice(0, 1)}***@EXAMPLE.SA`,
    );

    // The free address gets its code; the taken one the mail for its owner, and no code.
    expect(lastCode(suite.server, free)).toMatch(/^\d{6}$/);
    const toOwner = messagesTo(taken);
    expect(toOwner.at(-1)?.subject).toMatch(IN_USE_SUBJECT);
    expect(toOwner.at(-1)?.text).toMatch(/حاول أحدهم إنشاء حساب فردي جديد/);
    expect(toOwner.at(-1)?.text).toMatch(/\/login\n/);
    expect(toOwner.at(-1)?.text).toMatch(/\/forgot-password\n/);
    expect(toOwner.at(-1)?.text).not.toMatch(/\b\d{6}\b/);

    // The address stays the owner's: one account signs in with it, with the owner's password.
    const [row] = await suite.server.db.query<{ n: number }>(
      'select count(*)::int as n from users where lower(email) = $1',
      [taken.toLowerCase()],
    );
    expect(row?.n).toBe(1);
    const asOwner = await post('/api/v1/auth/login', {
      json: { email: taken, password: owner.body.password },
      headers: fromIp(owner.ip),
    });
    expect(asOwner.status).toBe(200);
    expect(asOwner.body.user.id).toBe(owner.res.body.user.id);

    // A guessed code is refused alike on both, and a resend answers alike.
    for (const answer of answers) {
      const wrong = await post('/api/v1/auth/verify/individual', {
        token: answer.body.token,
        json: { method: 'email', code: '000000' },
        headers: fromIp(freshIp()),
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('invalid_code');
    }
    clock.advance(61_000);
    const resent = [];
    for (const answer of answers) {
      resent.push(
        await post('/api/v1/auth/resend-code', {
          token: answer.body.token,
          json: { method: 'email' },
          headers: fromIp(freshIp()),
        }),
      );
    }
    expect(resent.map((r) => r.status)).toEqual([200, 200]);
    expect(shape(resent[0]!.body)).toEqual(shape(resent[1]!.body));
    expect(messagesTo(taken).filter((m) => IN_USE_SUBJECT.test(m.subject ?? ''))).toHaveLength(2);

    // The free address's legitimate flow still ends in a confirmed account that signs in.
    const confirmed = await post('/api/v1/auth/verify/individual', {
      token: onFree.body.token,
      json: { method: 'email', code: lastCode(suite.server, free) },
      headers: fromIp(freshIp()),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.user).toMatchObject({ email: free, confirmed: true });
  });

  it('confirms a taken-email registration by SMS like any other, the address staying its owner’s', async () => {
    const owner = await registerConfirmed(suite.server);
    const taken = owner.body.email!;
    const body = registrationBody({
      email: taken,
      method: 'sms',
      password: 'An0therPassw0rd',
      confirmPassword: 'An0therPassw0rd',
    });
    const ip = freshIp();
    const res = await post('/api/v1/auth/register/individual', { json: body, headers: fromIp(ip) });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: taken, confirmed: false });
    const confirmed = await post('/api/v1/auth/verify/individual', {
      token: res.body.token,
      json: { method: 'sms', code: lastCode(suite.server, body.phoneNumber!) },
      headers: fromIp(ip),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.user).toMatchObject({ email: taken, confirmed: true });
    const profile = await call('GET', '/api/v1/profile', { token: res.body.token });
    expect(profile.body.email).toBe(taken);
    await vi.waitFor(() =>
      expect(messagesTo(taken).some((m) => IN_USE_SUBJECT.test(m.subject ?? ''))).toBe(true),
    );
    // Its password does not open the owner's address; the owner's still does.
    const asNewcomer = await post('/api/v1/auth/login', {
      json: { email: taken, password: body.password },
      headers: fromIp(ip),
    });
    expect(asNewcomer.status).toBe(401);
    expect(await accountsWith(taken)).toBe(2);
    const [own] = await suite.server.db.query<{ n: number }>(
      'select count(*)::int as n from users where lower(email) = $1',
      [taken.toLowerCase()],
    );
    expect(own?.n).toBe(1);
    // The new account's messages never reach the owner's mailbox (its own address is unroutable).
    expect(outbox(suite.server).some((m) => m.to.endsWith('@unclaimed.invalid'))).toBe(false);
  });

  it('answers an organisation sign-up the same for a taken and a free admin email', async () => {
    const owner = await registerConfirmed(suite.server, { email: sameLengthEmail('owner') });
    const taken = owner.body.email!;
    const free = sameLengthEmail('freee');
    const bodies = [taken, free].map((email) => {
      const body = signupBody();
      return { ...body, adminDetails: { ...body.adminDetails, email } };
    });
    const answers = [];
    for (const body of bodies) answers.push(await post('/api/v1/signup', { json: body }));
    const [onTaken, onFree] = answers as [
      Awaited<ReturnType<typeof post>>,
      Awaited<ReturnType<typeof post>>,
    ];
    expect(onTaken.status).toBe(201);
    expect(onFree.status).toBe(201);
    expect(shape(onTaken.body)).toEqual(shape(onFree.body));
    expect(headerShape(onTaken.headers)).toEqual(headerShape(onFree.headers));
    expect(onTaken.body.organization).toMatchObject({
      name: bodies[0]!.name,
      email: bodies[0]!.email,
      type: 'private',
    });

    // Nothing was kept for the taken one; its owner is mailed, with the organisation sign-in.
    const [kept] = await suite.server.db.query<{ n: number }>(
      'select count(*)::int as n from organizations where id = $1 or lower(email) = $2',
      [onTaken.body.organization.id, bodies[0]!.email.toLowerCase()],
    );
    expect(kept?.n).toBe(0);
    expect(await accountsWith(taken)).toBe(1);
    await vi.waitFor(() => expect(messagesTo(taken).at(-1)?.subject).toMatch(IN_USE_SUBJECT));
    expect(messagesTo(taken).at(-1)?.text).toMatch(/تسجيل جهة جديدة/);
    expect(messagesTo(taken).at(-1)?.text).toMatch(/\/org-auth\n/);
    expect(messagesTo(free)).toHaveLength(0);

    // The free one is a real organisation whose admin signs in.
    const login = await post('/api/v1/auth/login', {
      json: { email: free, password: bodies[1]!.adminDetails.password },
    });
    expect(login.status).toBe(200);
    expect(login.body.organization.id).toBe(onFree.body.organization.id);
    // The same organisation email again is still refused: an organisation is no one's account.
    const again = await post('/api/v1/signup', {
      json: { ...signupBody(), email: bodies[1]!.email },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('organization_exists');
  });

  it('answers a profile email change the same for a taken and a free email', async () => {
    const owner = await registerConfirmed(suite.server, { email: sameLengthEmail('owner') });
    const taken = owner.body.email!;
    const free = sameLengthEmail('freee');
    const people = [await registerConfirmed(suite.server), await registerConfirmed(suite.server)];
    const answers = [];
    for (const [index, email] of [taken.toUpperCase(), free].entries()) {
      const person = people[index]!;
      answers.push(
        await call('PATCH', '/api/v1/profile', {
          token: person.token,
          json: {
            firstName: person.body.firstName,
            lastName: person.body.lastName,
            email,
            phoneNumber: person.body.phoneNumber,
            language: 'ar',
            notifications: { email: true, sms: true, app: true },
          },
          headers: fromIp(person.ip),
        }),
      );
    }
    const [onTaken, onFree] = answers as [
      Awaited<ReturnType<typeof call>>,
      Awaited<ReturnType<typeof call>>,
    ];
    expect(onTaken.status).toBe(200);
    expect(onFree.status).toBe(200);
    expect(shape(onTaken.body)).toEqual(shape(onFree.body));
    expect(headerShape(onTaken.headers)).toEqual(headerShape(onFree.headers));
    expect(onTaken.body.pendingContact.email.address).toBe(taken.toUpperCase());

    // The free address gets the code; the taken one its owner's mail and no code.
    expect(lastCode(suite.server, free)).toMatch(/^\d{6}$/);
    const toOwner = messagesTo(taken);
    expect(toOwner.at(-1)?.subject).toMatch(IN_USE_SUBJECT);
    expect(toOwner.at(-1)?.text).toMatch(/بريداً لحساب آخر/);
    expect(toOwner.at(-1)?.text).not.toMatch(/\b\d{6}\b/);

    // A guessed code is refused alike; the owner keeps the address.
    for (const [index, channelOwner] of people.entries()) {
      const wrong = await post('/api/v1/profile/contact/confirm', {
        token: channelOwner.token,
        json: { channel: 'email', code: '000000' },
        headers: fromIp(people[index]!.ip),
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('invalid_code');
    }
    expect(await accountsWith(taken)).toBe(1);
    const applied = await post('/api/v1/profile/contact/confirm', {
      token: people[1]!.token,
      json: { channel: 'email', code: lastCode(suite.server, free) },
      headers: fromIp(people[1]!.ip),
    });
    expect(applied.status).toBe(200);
    expect(applied.body.email).toBe(free);
  });

  it('keeps the destination limit on the mail to a taken address', async () => {
    const owner = await registerConfirmed(suite.server);
    const taken = owner.body.email!;
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await post('/api/v1/auth/register/individual', {
        json: registrationBody({ email: taken, method: 'email' }),
        headers: fromIp(freshIp()),
      });
      statuses.push(res.status);
    }
    // Five messages an hour to one mailbox, then 429 as for a free address (destination-limit.test.ts).
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(messagesTo(taken).filter((m) => IN_USE_SUBJECT.test(m.subject ?? ''))).toHaveLength(5);
  });
});
