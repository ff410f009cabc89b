import { describe, expect, it } from 'vitest';
import { generateTotp } from '../src/lib/totp.ts';
import { databaseKinds } from './harness.ts';
import { freshIp, fromIp, registerConfirmed, useIndividualsServer } from './individuals-helpers.ts';

/** The device cookies a response set, as a Cookie header a browser would send back. */
function deviceCookieOf(headers: Headers): string {
  const cookies = headers
    .getSetCookie()
    .filter((line) => line.startsWith('tanqin_device'))
    .map((line) => line.split(';')[0]!);
  if (cookies.length !== 1) throw new Error(`expected one device cookie, got ${cookies.length}`);
  return cookies[0]!;
}

describe.each(databaseKinds)('sign-in lockout with device cookies on %s', (kind) => {
  const suite = useIndividualsServer(kind, '2025-03-01T09:00:10Z');
  const { clock, post } = suite;

  const login = (
    person: { email: string; password: string },
    from: { ip: string; cookie?: string },
  ) =>
    post('/api/v1/auth/login', {
      json: { email: person.email, password: person.password },
      headers: { ...fromIp(from.ip), ...(from.cookie ? { cookie: from.cookie } : {}) },
    });

  /** A confirmed person who signed in once from their usual browser (which kept its cookie). */
  async function ownerWithDevice() {
    const registered = await registerConfirmed(suite.server);
    const person = { email: registered.body.email!, password: registered.body.password! };
    const home = { ip: freshIp(), cookie: '' };
    const first = await login(person, home);
    expect(first.status).toBe(200);
    home.cookie = deviceCookieOf(first.headers);
    return { person, home };
  }

  /** Wrong passwords from an attacker's own address and browser, until the lock answers. */
  async function attack(person: { email: string }, attempts = 7) {
    const attacker = { ip: freshIp() };
    const statuses: number[] = [];
    for (let i = 0; i < attempts; i++) {
      statuses.push(
        (await login({ email: person.email, password: `Wrong-passw0rd${i}` }, attacker)).status,
      );
    }
    return statuses;
  }

  it('keeps the owner signing in from their usual browser while unknown devices are locked', async () => {
    const { person, home } = await ownerWithDevice();
    expect(await attack(person)).toEqual([401, 401, 401, 401, 401, 429, 429]);

    const owner = await login(person, home);
    expect(owner.status).toBe(200);
    expect(owner.body.user.email).toBe(person.email);

    // The right password from a browser the account does not know waits out the lock.
    const newBrowser = await login(person, { ip: freshIp() });
    expect(newBrowser.status).toBe(429);
    expect(newBrowser.body.code).toBe('account_locked');
    expect(newBrowser.headers.get('retry-after')).toBe('900');
    clock.advance(15 * 60 * 1000);
    expect((await login(person, { ip: freshIp() })).status).toBe(200);
  });

  it("gives a forged cookie or another account's cookie no way around the lock", async () => {
    const { person, home } = await ownerWithDevice();
    const other = await ownerWithDevice();
    await attack(person);
    const [name, value] = home.cookie.split('=') as [string, string];
    const [userId, deviceId, mac] = value.split('.') as [string, string, string];
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    for (const cookie of [
      `${name}=${userId}.${deviceId}.${flipped}`,
      `${name}=${userId}.${crypto.randomUUID()}.${mac}`,
      `${name}=${userId}.${deviceId}`,
      other.home.cookie,
    ]) {
      const res = await login(person, { ip: freshIp(), cookie });
      expect(res.status, cookie).toBe(429);
    }
    expect((await login(person, home)).status).toBe(200);
  });

  it('locks a known browser by its own failures only, and renews its cookie on success', async () => {
    const { person, home } = await ownerWithDevice();
    for (let i = 0; i < 5; i++) {
      const wrong = await login({ email: person.email, password: `Wrong-passw0rd${i}` }, home);
      expect(wrong.status).toBe(401);
    }
    expect((await login(person, home)).status).toBe(429);
    // Failures on the known browser are its own: other browsers still sign in.
    const elsewhere = await login(person, { ip: freshIp() });
    expect(elsewhere.status).toBe(200);
    expect(deviceCookieOf(elsewhere.headers)).not.toBe(home.cookie);
  });

  it('keeps the usual browser through the second step while a thief guesses codes', async () => {
    const { person, home } = await ownerWithDevice();
    const signedIn = await login(person, home);
    const token = signedIn.body.token as string;
    const setup = await post('/api/v1/profile/2fa/setup', { token });
    const totp = () => generateTotp(setup.body.secret, clock.now().getTime());
    await post('/api/v1/profile/2fa/enable', { token, json: { code: totp() } });
    clock.advance(30_000);

    // Someone with the password, elsewhere, tries codes until unknown devices are locked.
    const thief = { ip: freshIp() };
    const challenge = await login(person, thief);
    const wrong = totp() === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await post('/api/v1/auth/verify-2fa', {
        json: { token: challenge.body.twoFactorToken, code: wrong },
        headers: fromIp(thief.ip),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

    const step = await login(person, home);
    expect(step.body.requires2FA).toBe(true);
    const owner = await post('/api/v1/auth/verify-2fa', {
      json: { token: step.body.twoFactorToken, code: totp() },
      headers: { ...fromIp(home.ip), cookie: home.cookie },
    });
    expect(owner.status).toBe(200);

    clock.advance(30_000);
    const thiefAgain = await login(person, thief);
    const locked = await post('/api/v1/auth/verify-2fa', {
      json: { token: thiefAgain.body.twoFactorToken, code: totp() },
      headers: fromIp(thief.ip),
    });
    expect(locked.status).toBe(429);
  });

  it('sets the device cookie httpOnly, SameSite strict, on the sign-in path only', async () => {
    const { person } = await ownerWithDevice();
    const res = await login(person, { ip: freshIp() });
    const line = res.headers.getSetCookie().find((l) => l.startsWith('tanqin_device_individual='));
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Strict/i);
    expect(line).toMatch(/; Path=\/api\/v1\/auth/);
    expect(line).toMatch(/; Expires=/);
  });
});
