import { readFileSync } from 'node:fs';
import type { MemberRole } from '@tanqin/shared';
import { expect } from 'vitest';
import { type OutboxEntry, outboxPath } from '../src/lib/mail/index.ts';
import { request, type TestServer } from './harness.ts';

let counter = 0;
export const uniqueEmail = (label = 'member') =>
  `${label}-${Date.now().toString(36)}${(counter++).toString(36)}@example.sa`;

export const MEMBER_PASSWORD = 'Joiner0Passw0rd';

/** Every mail the server "sent" (the local outbox). */
export function sentMail(server: TestServer): OutboxEntry[] {
  try {
    return readFileSync(outboxPath(server.ctx.config.dataDir), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as OutboxEntry);
  } catch {
    return [];
  }
}

/** The newest invitation mail to `email` and the token of its link (from the fragment). */
export function invitationMailTo(server: TestServer, email: string) {
  const mail = sentMail(server)
    .filter((entry) => entry.to === email)
    .at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const link = /https?:\/\/\S+\/join#token=(\S+)/.exec(mail.text);
  if (!link) throw new Error(`no invitation link in: ${mail.text}`);
  return { mail, link: link[0], token: link[1]! };
}

export async function invite(
  server: TestServer,
  token: string,
  organizationId: string,
  email: string,
  role: MemberRole,
) {
  return request(server.baseUrl, 'POST', `/api/v1/organizations/${organizationId}/members/invite`, {
    token,
    json: { email, role },
  });
}

export function acceptBody(token: string, overrides: Record<string, unknown> = {}) {
  return {
    token,
    firstName: 'نورة',
    lastName: 'القحطاني',
    phoneNumber: '0551112233',
    password: MEMBER_PASSWORD,
    confirmPassword: MEMBER_PASSWORD,
    ...overrides,
  };
}

export async function signIn(server: TestServer, email: string, password: string) {
  const res = await request(server.baseUrl, 'POST', '/api/v1/auth/login', {
    json: { email, password },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
}

/** A new member of the organisation with the role, joined through the emailed invitation. */
export async function addMember(
  server: TestServer,
  ownerToken: string,
  organizationId: string,
  role: MemberRole,
) {
  const email = uniqueEmail(role);
  const invited = await invite(server, ownerToken, organizationId, email, role);
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const { token } = invitationMailTo(server, email);
  const accepted = await request(server.baseUrl, 'POST', '/api/v1/invitations/accept', {
    json: acceptBody(token),
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  return {
    email,
    password: MEMBER_PASSWORD,
    userId: accepted.body.user.id as string,
    token: accepted.body.token as string,
    cookie: accepted.headers.get('set-cookie') ?? '',
  };
}
