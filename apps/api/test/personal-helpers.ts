import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isValidSaudiNationalId } from '@tanqin/shared';
import { request, type TestServer } from './harness.ts';

/** A random valid Saudi national id (starts with 1, Luhn check digit). */
export function randomNationalId(): string {
  const body = `1${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  for (let check = 0; check <= 9; check++) {
    if (isValidSaudiNationalId(body + check)) return body + check;
  }
  throw new Error('unreachable');
}

let counter = 0;

/** The 6-digit code of the latest message the local outbox holds for `to`. */
function outboxCode(server: TestServer, to: string): string {
  const entry = readFileSync(path.join(server.ctx.config.dataDir, 'outbox.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; text: string })
    .filter((e) => e.to === to)
    .at(-1);
  const code = entry?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

/**
 * An individual as a new user becomes one: registers with `nationalId`, confirms with the code
 * from the local outbox, signs in through the real login.
 */
export async function createIndividual(server: TestServer, nationalId = randomNationalId()) {
  const n = `${Date.now().toString(36)}-${counter++}`;
  const email = `person-${n}@example.sa`;
  const password = 'Str0ngPassw0rd';
  const registered = await request(server.baseUrl, 'POST', '/api/v1/auth/register/individual', {
    json: {
      nationalId,
      phoneNumber: `05${String(randomInt(0, 100_000_000)).padStart(8, '0')}`,
      email,
      firstName: 'نورة',
      lastName: 'الشمري',
      password,
      confirmPassword: password,
      method: 'email',
    },
  });
  if (registered.status !== 201) throw new Error(`register: ${JSON.stringify(registered.body)}`);
  const confirmed = await request(server.baseUrl, 'POST', '/api/v1/auth/verify/individual', {
    token: registered.body.token,
    json: { method: 'email', code: outboxCode(server, email) },
  });
  if (confirmed.status !== 200) throw new Error(`confirm: ${JSON.stringify(confirmed.body)}`);
  const login = await request(server.baseUrl, 'POST', '/api/v1/auth/login', {
    json: { email, password },
  });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return {
    id: registered.body.user.id as string,
    email,
    password,
    nationalId,
    token: login.body.token as string,
  };
}
