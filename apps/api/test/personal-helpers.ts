import { randomInt, randomUUID } from 'node:crypto';
import { isValidSaudiNationalId } from '@tanqin/shared';
import { hashNationalId } from '../src/lib/identity.ts';
import { hashPassword } from '../src/lib/password.ts';
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

/**
 * A confirmed individual account for `nationalId`, signed in through the real login. The row is
 * written as registration writes it: the national id only as its HMAC and last four digits.
 */
export async function createIndividual(server: TestServer, nationalId = randomNationalId()) {
  const email = `person-${Date.now().toString(36)}-${counter++}@example.sa`;
  const password = 'Str0ngPassw0rd';
  const id = randomUUID();
  await server.db.query(
    `insert into users (id, kind, email, first_name, last_name, phone, password_hash,
                        national_id_hash, national_id_last4, confirmed_at)
     values ($1, 'individual', $2, 'نورة', 'الشمري', '0551234567', $3, $4, $5, now())`,
    [
      id,
      email,
      await hashPassword(password),
      hashNationalId(server.ctx.keys.pepper, nationalId),
      nationalId.slice(-4),
    ],
  );
  const login = await request(server.baseUrl, 'POST', '/api/v1/auth/login', {
    json: { email, password },
  });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { id, email, password, nationalId, token: login.body.token as string };
}
