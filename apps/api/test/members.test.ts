import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import {
  createOrganization,
  databaseKinds,
  request,
  startTestServer,
  type TestServer,
} from './harness.ts';
import {
  acceptBody,
  addMember,
  invitationMailTo,
  invite,
  MEMBER_PASSWORD,
  signIn,
  uniqueEmail,
} from './members-helpers.ts';

const ARABIC = /[\u0600-\u06FF]/;
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(databaseKinds)('members and invitations on %s', (kind) => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-05-04T09:00:00Z'));
  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
  });
  afterAll(() => server.close());

  type Org = Awaited<ReturnType<typeof createOrganization>>;
  const call = (method: string, path: string, token?: string, json?: unknown) =>
    request(server.baseUrl, method, path, { token, json });
  const membersOf = async (org: Org, token = org.token) => {
    const res = await call('GET', `/api/v1/organizations/${org.organization.id}/members`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as {
      members: Array<Record<string, any>>;
      invitations: Array<Record<string, any>>;
    };
  };
  const preview = (token: string) =>
    call('POST', '/api/v1/invitations/preview', undefined, { token });
  const accept = (token: string, overrides: Record<string, unknown> = {}) =>
    call('POST', '/api/v1/invitations/accept', undefined, acceptBody(token, overrides));
  const expectInvalid = (res: { status: number; body: any; headers: Headers }) => {
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.code).toBe('invitation_invalid');
    expect(res.body.detail_ar).toMatch(ARABIC);
  };

  it('invites by email: mail in Arabic and English -> preview -> accept signs in -> login has the role', async () => {
    const org = await createOrganization(server.baseUrl);
    const email = uniqueEmail('dev');
    const invited = await invite(server, org.token, org.organization.id, email, 'developer');
    expect(invited.status).toBe(201);
    expect(invited.body.success).toBe(true);
    expect(Object.keys(invited.body.invitation).sort()).toEqual(
      ['created_at', 'email', 'expires_at', 'id', 'invited_by_name', 'role'].sort(),
    );
    expect(invited.body.invitation).toMatchObject({
      email,
      role: 'developer',
      invited_by_name: `${org.admin.firstName} ${org.admin.lastName}`,
    });
    expect(new Date(invited.body.invitation.expires_at).getTime()).toBe(
      clock.now().getTime() + 7 * DAY_MS,
    );
    expect(JSON.stringify(invited.body)).not.toContain('tqi_');

    // The link is in the mail only, with the token in the fragment; the mail is bilingual.
    const { mail, link, token } = invitationMailTo(server, email);
    expect(link).toBe(`${server.ctx.config.publicUrl}/join#token=${token}`);
    expect(token).toMatch(/^tqi_/);
    expect(mail.subject).toContain('دعوة للانضمام');
    expect(mail.subject).toContain('Invitation to join');
    expect(mail.text).toContain(org.organization.name);
    expect(mail.text).toContain('مطوّر');
    expect(mail.text).toContain('Developer');
    const [stored] = await server.db.query<{ token_hash: string }>(
      'select token_hash from organization_invitations where id = $1',
      [invited.body.invitation.id],
    );
    expect(stored!.token_hash).not.toContain(token);

    const pending = await membersOf(org);
    expect(pending.invitations).toEqual([invited.body.invitation]);

    const previewed = await preview(token);
    expect(previewed.status).toBe(200);
    expect(previewed.headers.get('cache-control')).toBe('no-store');
    expect(previewed.body).toEqual({
      organization_name: org.organization.name,
      email,
      role: 'developer',
      expires_at: invited.body.invitation.expires_at,
    });

    const accepted = await accept(token);
    expect(accepted.status).toBe(201);
    const login = await call('POST', '/api/v1/auth/login', undefined, {
      email,
      password: MEMBER_PASSWORD,
    });
    expect(login.status).toBe(200);
    // Exactly the sign-in answer of a login, refresh cookie included.
    expect(Object.keys(accepted.body).sort()).toEqual(Object.keys(login.body).sort());
    expect(Object.keys(accepted.body.user).sort()).toEqual(Object.keys(login.body.user).sort());
    expect(accepted.body.organization).toEqual(login.body.organization);
    expect(accepted.body.organization).toMatchObject({
      id: org.organization.id,
      role: 'developer',
    });
    expect(accepted.body.user).toMatchObject({
      email,
      first_name: 'نورة',
      last_name: 'القحطاني',
      phone: '0551112233',
      kind: 'organization',
    });
    const cookie = accepted.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^tanqin_refresh=tqr_/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(accepted.headers.get('cache-control')).toBe('no-store');

    // The new member works with the developer role: keys yes, members no.
    const keys = await call('GET', '/api/v1/security/api-keys', accepted.body.token);
    expect(keys.status).toBe(200);
    const members = await call(
      'GET',
      `/api/v1/organizations/${org.organization.id}/members`,
      login.body.token,
    );
    expect(members.status).toBe(403);

    const after = await membersOf(org);
    expect(after.invitations).toEqual([]);
    expect(after.members).toHaveLength(2);
    const you = after.members.find((member) => member.is_you);
    expect(you).toMatchObject({ email: org.admin.email, role: 'owner' });
    expect(after.members.find((member) => !member.is_you)).toEqual({
      user_id: accepted.body.user.id,
      email,
      first_name: 'نورة',
      last_name: 'القحطاني',
      role: 'developer',
      joined_at: expect.any(String),
      is_you: false,
    });

    // Single use: the link is dead once accepted.
    expectInvalid(await accept(token, { firstName: 'ثانٍ' }));
    expectInvalid(await preview(token));
  });

  it('lets only one of two simultaneous accepts through', async () => {
    const org = await createOrganization(server.baseUrl);
    const email = uniqueEmail('race');
    expect((await invite(server, org.token, org.organization.id, email, 'viewer')).status).toBe(
      201,
    );
    const { token } = invitationMailTo(server, email);
    const results = await Promise.all([accept(token), accept(token), accept(token)]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 404, 404]);
    for (const res of results.filter((r) => r.status === 404)) expectInvalid(res);
    const [{ count }] = (await server.db.query<{ count: number }>(
      'select count(*)::int as count from users where lower(email) = lower($1)',
      [email],
    )) as [{ count: number }];
    expect(count).toBe(1);
  });

  it('refuses unknown, malformed and revoked links with the same 404', async () => {
    const org = await createOrganization(server.baseUrl);
    expectInvalid(await preview('tqi_notarealtoken000000'));
    expectInvalid(await preview('anything'));
    expectInvalid(await accept('tqi_notarealtoken000000'));

    const email = uniqueEmail('revoked');
    const invited = await invite(server, org.token, org.organization.id, email, 'viewer');
    const { token } = invitationMailTo(server, email);
    const revokePath = `/api/v1/organizations/${org.organization.id}/invitations/${invited.body.invitation.id}`;
    const revoked = await call('DELETE', revokePath, org.token);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ success: true });
    expect((await membersOf(org)).invitations).toEqual([]);
    expectInvalid(await preview(token));
    expectInvalid(await accept(token));
    const again = await call('DELETE', revokePath, org.token);
    expect(again.status).toBe(404);
    expect(again.body.detail_ar).toMatch(ARABIC);

    // Another organisation cannot revoke this organisation's invitation.
    const other = await createOrganization(server.baseUrl);
    const pending = await invite(server, org.token, org.organization.id, uniqueEmail(), 'viewer');
    const foreign = await call(
      'DELETE',
      `/api/v1/organizations/${other.organization.id}/invitations/${pending.body.invitation.id}`,
      other.token,
    );
    expect(foreign.status).toBe(404);
    expect((await membersOf(org)).invitations).toHaveLength(1);
  });

  it('refuses an invitation for its own member (409) or one already pending (409), not for another account', async () => {
    const org = await createOrganization(server.baseUrl);
    const other = await createOrganization(server.baseUrl);
    const own = await invite(server, org.token, org.organization.id, org.admin.email, 'viewer');
    expect(own.status).toBe(409);
    expect(own.body.code).toBe('already_member');
    expect(own.body.detail_ar).toMatch(ARABIC);
    // Another organisation's admin is invited like a free address (no account oracle, issue
    // 22.5); accepting is what refuses it, and only the mailbox's owner sees that.
    const elsewhere = await invite(
      server,
      org.token,
      org.organization.id,
      other.admin.email.toUpperCase(),
      'viewer',
    );
    expect(elsewhere.status).toBe(201);
    const refused = await accept(invitationMailTo(server, other.admin.email.toUpperCase()).token);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('already_member');
    const email = uniqueEmail('twice');
    expect((await invite(server, org.token, org.organization.id, email, 'viewer')).status).toBe(
      201,
    );
    const twice = await invite(
      server,
      org.token,
      org.organization.id,
      email.toUpperCase(),
      'admin',
    );
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('invitation_pending');
    expect(twice.body.detail_ar).toMatch(ARABIC);
  });

  it('validates the invitation and the joining form with the sign-up messages', async () => {
    const org = await createOrganization(server.baseUrl);
    const bad = await invite(
      server,
      org.token,
      org.organization.id,
      'not-an-email',
      'boss' as never,
    );
    expect(bad.status).toBe(400);
    expect(
      bad.body.errors.map((e: { path: string; code: string }) => `${e.path}:${e.code}`),
    ).toEqual(['email:emailInvalid', 'role:roleInvalid']);

    const email = uniqueEmail('form');
    await invite(server, org.token, org.organization.id, email, 'viewer');
    const { token } = invitationMailTo(server, email);
    const weak = await accept(token, {
      firstName: ' ',
      password: 'short',
      confirmPassword: 'other',
    });
    expect(weak.status).toBe(400);
    expect(
      weak.body.errors.map((e: { path: string; code: string }) => `${e.path}:${e.code}`),
    ).toEqual(
      expect.arrayContaining([
        'firstName:firstNameRequired',
        'password:passwordMin',
        'password:passwordUppercase',
        'password:passwordDigit',
        'confirmPassword:passwordsMismatch',
      ]),
    );
    expect(weak.body.detail_ar).toMatch(ARABIC);
    // A refused form leaves the link usable.
    expect((await preview(token)).status).toBe(200);
    expect((await accept(token, { phoneNumber: '' })).status).toBe(201);
  });

  it('only an owner may invite an owner, change an owner or grant the owner role', async () => {
    const org = await createOrganization(server.baseUrl);
    const orgPath = `/api/v1/organizations/${org.organization.id}`;
    const admin = await addMember(server, org.token, org.organization.id, 'admin');
    const viewer = await addMember(server, org.token, org.organization.id, 'viewer');
    const ownerId = (await membersOf(org)).members.find((member) => member.is_you)!.user_id;

    const adminInvitesOwner = await invite(
      server,
      admin.token,
      org.organization.id,
      uniqueEmail(),
      'owner',
    );
    expect(adminInvitesOwner.status).toBe(403);
    expect(adminInvitesOwner.body.code).toBe('forbidden');
    expect(adminInvitesOwner.body.detail_ar).toMatch(ARABIC);
    expect(
      (await invite(server, admin.token, org.organization.id, uniqueEmail(), 'admin')).status,
    ).toBe(201);

    const adminDemotesOwner = await call('PATCH', `${orgPath}/members/${ownerId}`, admin.token, {
      role: 'viewer',
    });
    expect(adminDemotesOwner.status).toBe(403);
    const adminGrantsOwner = await call(
      'PATCH',
      `${orgPath}/members/${viewer.userId}`,
      admin.token,
      {
        role: 'owner',
      },
    );
    expect(adminGrantsOwner.status).toBe(403);
    const adminRemovesOwner = await call('DELETE', `${orgPath}/members/${ownerId}`, admin.token);
    expect(adminRemovesOwner.status).toBe(403);

    const adminChangesViewer = await call(
      'PATCH',
      `${orgPath}/members/${viewer.userId}`,
      admin.token,
      {
        role: 'verifier',
      },
    );
    expect(adminChangesViewer.status).toBe(200);
    expect(adminChangesViewer.body).toEqual({
      success: true,
      member: {
        user_id: viewer.userId,
        email: viewer.email,
        first_name: 'نورة',
        last_name: 'القحطاني',
        role: 'verifier',
        joined_at: expect.any(String),
        is_you: false,
      },
    });
    // The new role applies to the member's next request.
    expect(
      (await call('POST', '/api/v1/tokens/verify', viewer.token, { token: 'x' })).status,
    ).not.toBe(403);

    const badRole = await call('PATCH', `${orgPath}/members/${viewer.userId}`, org.token, {
      role: 'superuser',
    });
    expect(badRole.status).toBe(400);
    expect(badRole.body.errors[0].code).toBe('roleInvalid');

    const ownerInvitesOwner = await invite(
      server,
      org.token,
      org.organization.id,
      uniqueEmail(),
      'owner',
    );
    expect(ownerInvitesOwner.status).toBe(201);
    const ownerGrantsOwner = await call('PATCH', `${orgPath}/members/${admin.userId}`, org.token, {
      role: 'owner',
    });
    expect(ownerGrantsOwner.status).toBe(200);
    expect(ownerGrantsOwner.body.member.role).toBe('owner');

    // A member of another organisation is not found here.
    const other = await createOrganization(server.baseUrl);
    const foreignMember = await addMember(server, other.token, other.organization.id, 'viewer');
    for (const [method, body] of [
      ['PATCH', { role: 'admin' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `${orgPath}/members/${foreignMember.userId}`, org.token, body);
      expect(res.status).toBe(404);
    }
  });

  it('keeps the last owner: no demotion or removal (409), until another owner exists', async () => {
    const org = await createOrganization(server.baseUrl);
    const orgPath = `/api/v1/organizations/${org.organization.id}`;
    const ownerId = (await membersOf(org)).members[0]!.user_id;

    for (const [method, body] of [
      ['PATCH', { role: 'admin' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `${orgPath}/members/${ownerId}`, org.token, body);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('last_owner');
      expect(res.body.detail_ar).toMatch(ARABIC);
    }
    // Owner to owner is no demotion.
    expect(
      (await call('PATCH', `${orgPath}/members/${ownerId}`, org.token, { role: 'owner' })).status,
    ).toBe(200);

    const second = await addMember(server, org.token, org.organization.id, 'owner');
    // Two owners demoting each other at the same moment: the first wins; the second is no
    // longer an owner by the time its change runs, so it may not change one (403).
    const results = await Promise.all([
      call('PATCH', `${orgPath}/members/${second.userId}`, org.token, { role: 'admin' }),
      call('PATCH', `${orgPath}/members/${ownerId}`, second.token, { role: 'admin' }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 403]);
    const owners = (
      await server.db.query<{ count: number }>(
        `select count(*)::int as count from organization_members
        where organization_id = $1 and role = 'owner'`,
        [org.organization.id],
      )
    )[0]!.count;
    expect(owners).toBe(1);
  });

  it('removing a member ends their sessions at once, deletes the account, and they can be invited again', async () => {
    const org = await createOrganization(server.baseUrl);
    const orgPath = `/api/v1/organizations/${org.organization.id}`;
    const member = await addMember(server, org.token, org.organization.id, 'developer');
    const secondSession = await signIn(server, member.email, member.password);
    expect((await call('GET', '/api/v1/auth/me', member.token)).status).toBe(200);

    const removed = await call('DELETE', `${orgPath}/members/${member.userId}`, org.token);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true });

    for (const token of [member.token, secondSession]) {
      const me = await call('GET', '/api/v1/security/api-keys', token);
      expect(me.status).toBe(401);
    }
    const refresh = await request(server.baseUrl, 'POST', '/api/v1/auth/refresh', {
      headers: { cookie: member.cookie.split(';')[0]! },
    });
    expect(refresh.status).toBe(401);
    const login = await call('POST', '/api/v1/auth/login', undefined, {
      email: member.email,
      password: member.password,
    });
    expect(login.status).toBe(401);
    expect((await membersOf(org)).members.map((m) => m.email)).not.toContain(member.email);
    const gone = await call('DELETE', `${orgPath}/members/${member.userId}`, org.token);
    expect(gone.status).toBe(404);

    const again = await invite(server, org.token, org.organization.id, member.email, 'viewer');
    expect(again.status).toBe(201);
    const { token } = invitationMailTo(server, member.email);
    const rejoined = await accept(token);
    expect(rejoined.status).toBe(201);
    expect(rejoined.body.organization.role).toBe('viewer');
  });

  it('an expired invitation is refused, leaves the pending list and makes room for a new one', async () => {
    const org = await createOrganization(server.baseUrl);
    const email = uniqueEmail('late');
    await invite(server, org.token, org.organization.id, email, 'verifier');
    const { token } = invitationMailTo(server, email);
    clock.advance(7 * DAY_MS - 60_000);
    expect((await preview(token)).status).toBe(200);
    clock.advance(60_000);
    expectInvalid(await preview(token));
    expectInvalid(await accept(token));

    const fresh = await signIn(server, org.admin.email, org.admin.password);
    expect((await membersOf(org, fresh)).invitations).toEqual([]);
    const reinvited = await invite(server, fresh, org.organization.id, email, 'verifier');
    expect(reinvited.status).toBe(201);
    const next = invitationMailTo(server, email).token;
    expect(next).not.toBe(token);
    expect((await accept(next)).status).toBe(201);
  });

  it('limits how often one address may try invitation links (429 with Retry-After)', async () => {
    // Earlier tests in this file used some of the window; move past it first.
    clock.advance(16 * 60_000);
    let res = await preview('tqi_notarealtoken000000');
    let tries = 1;
    while (res.status === 404 && tries < 40) {
      res = await preview('tqi_notarealtoken000000');
      tries++;
    }
    expect(tries).toBe(31);
    expect(res.status).toBe(429);
    expect(res.body.detail_ar).toMatch(ARABIC);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await accept('tqi_notarealtoken000000')).status).toBe(429);
    clock.advance(15 * 60_000 + 1000);
    expectInvalid(await preview('tqi_notarealtoken000000'));
  });
});
