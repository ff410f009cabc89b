import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import { type OutboxEntry, outboxPath } from '../src/lib/mail/index.ts';
import { type DatabaseKind, request, startTestServer, type TestServer } from './harness.ts';

let counter = 0;

/**
 * A valid Saudi national id (check digit computed here, independently of the product), never
 * one of the test ids (1999999..., 2999999...) that only test keys take.
 */
export function nationalId(first: '1' | '2' = '1'): string {
  const middle = String(Date.now() % 1e6)
    .padStart(6, '0')
    .replace(/^999999$/, '999998');
  const nine = `${first}${middle}${String(counter++ % 100).padStart(2, '0')}`;
  for (let check = 0; check <= 9; check++) {
    const candidate = `${nine}${check}`;
    const sum = [...candidate].reduce((total, char, index) => {
      const digit = Number(char);
      if (index % 2 === 1) return total + digit;
      return total + Math.floor((digit * 2) / 10) + ((digit * 2) % 10);
    }, 0);
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

/** A registration body with a fresh email, phone and national id. */
export function registrationBody(overrides: Record<string, unknown> = {}) {
  const n = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  return {
    nationalId: nationalId(),
    phoneNumber: `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    email: `person-${n}@example.sa`,
    firstName: 'نورة',
    lastName: 'القحطاني',
    password: 'Str0ngPassw0rd',
    confirmPassword: 'Str0ngPassw0rd',
    method: 'sms',
    ...overrides,
  } as Record<string, string>;
}

export function outbox(server: TestServer): OutboxEntry[] {
  return outboxIn(server.ctx.config.dataDir);
}

/** The local outbox of the server process whose data folder is `dataDir`. */
export function outboxIn(dataDir: string): OutboxEntry[] {
  const file = outboxPath(dataDir);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxEntry);
}

/** The 6-digit code of the latest message sent to `to` (a phone or an email). */
export function lastCode(server: TestServer, to: string): string {
  return lastCodeIn(server.ctx.config.dataDir, to);
}

/** The same from the outbox of the server process whose data folder is `dataDir`. */
export function lastCodeIn(dataDir: string, to: string): string {
  const entry = outboxIn(dataDir)
    .filter((e) => e.to === to)
    .at(-1);
  const code = entry?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

/** The digits as typed on an Arabic keyboard (Arabic-Indic ٠-٩) or a Persian one (۰-۹). */
export const typedIn = (keyboard: 'arabic' | 'persian', value: string) =>
  value.replace(/\d/g, (digit) =>
    String.fromCharCode((keyboard === 'arabic' ? 0x0660 : 0x06f0) + Number(digit)),
  );

/** Headers that make the request come from `ip` (the test server trusts X-Forwarded-For). */
export const fromIp = (ip: string) => ({ 'x-forwarded-for': ip });

let ipCounter = 1;
/** A fresh client address per test, so failure counters of one test do not leak into another. */
export const freshIp = () => `198.51.100.${ipCounter++ % 250}`;

/** Registers an individual; returns the body, the bearer and where the code went. */
export async function register(
  server: TestServer,
  overrides: Record<string, unknown> = {},
  ip = freshIp(),
) {
  const body = registrationBody(overrides);
  const res = await request(server.baseUrl, 'POST', '/api/v1/auth/register/individual', {
    json: body,
    headers: fromIp(ip),
  });
  if (res.status !== 201) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return { body, token: res.body.token as string, res, ip };
}

/** Registers and confirms an individual with the code from the outbox. */
export async function registerConfirmed(
  server: TestServer,
  overrides: Record<string, unknown> = {},
) {
  const person = await register(server, overrides);
  const confirm = await request(server.baseUrl, 'POST', '/api/v1/auth/verify/individual', {
    token: person.token,
    json: { method: 'sms', code: lastCode(server, person.body.phoneNumber!) },
    headers: fromIp(person.ip),
  });
  if (confirm.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(confirm.body)}`);
  return person;
}

/**
 * A test server for the describe block it is called in, on a manual clock starting at `start`,
 * trusting X-Forwarded-For (so each test can come from its own address with `fromIp`).
 */
export function useIndividualsServer(kind: DatabaseKind, start: string) {
  const suite = {
    server: undefined as unknown as TestServer,
    clock: new ManualClock(new Date(start)),
    post: (path: string, options: Parameters<typeof request>[3] = {}) =>
      request(suite.server.baseUrl, 'POST', path, options),
  };
  beforeAll(async () => {
    suite.server = await startTestServer(kind, {
      clock: suite.clock,
      env: { TRUST_PROXY: 'true' },
    });
  });
  afterAll(() => suite.server.close());
  return suite;
}
