import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/database.ts';
import { constantTimeEqual, hmacSha256 } from '../../lib/crypto.ts';
import { queueAccountNotice } from '../account-notices/index.ts';
import type { Principal } from './sessions.service.ts';

/**
 * OWASP's device cookies: a browser that completed a sign-in keeps a cookie naming the account,
 * signed by the server, so failed attempts made elsewhere (which lock unknown devices out) never
 * lock it out. One per kind of account, like the refresh cookies.
 */
const DEVICE_COOKIES = {
  organization: 'tanqin_device',
  individual: 'tanqin_device_individual',
} as const satisfies Record<Principal['kind'], string>;
const DEVICE_COOKIE_PATH = '/api/v1/auth';
const DEVICE_COOKIE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

type Account = { id: string; kind: Principal['kind'] };
export type Cookies = Record<string, string | undefined>;

const signature = (key: Buffer, userId: string, deviceId: string) =>
  hmacSha256(key, `${userId}.${deviceId}`);

/** The id of the browser's device cookie if it is genuine and names this account. */
export function trustedDeviceOf(ctx: AppContext, cookies: Cookies, account: Account) {
  const [userId, deviceId, mac, ...rest] = (cookies[DEVICE_COOKIES[account.kind]] ?? '').split('.');
  if (rest.length > 0 || userId !== account.id || !deviceId || !mac) return undefined;
  // Signed under the current pepper's key, or a previous one's (a cookie from before a rotation).
  const genuine = ctx.keys.deviceCookie.some((key) =>
    constantTimeEqual(mac, signature(key, userId, deviceId)),
  );
  return genuine ? deviceId : undefined;
}

/**
 * For a sign-in from a browser without the account's device cookie: the notice to the account's
 * email, written with the session. None before an individual confirms (the address is not proven).
 */
export function newDeviceNotice(
  ctx: AppContext,
  account: { id: string; confirmed: boolean },
  device: string | undefined,
  meta: { ip: string; userAgent?: string },
) {
  if (device || !account.confirmed) return undefined;
  return (tx: Queryable) =>
    queueAccountNotice(
      ctx,
      tx,
      account.id,
      { kind: 'new_device_sign_in', userAgent: meta.userAgent ?? null },
      meta,
    );
}

/** After a completed sign-in: a new device cookie (httpOnly, SameSite strict, a year). */
export function setDeviceCookie(ctx: AppContext, reply: FastifyReply, account: Account) {
  const deviceId = randomUUID();
  reply.setCookie(
    DEVICE_COOKIES[account.kind],
    `${account.id}.${deviceId}.${signature(ctx.keys.deviceCookie[0]!, account.id, deviceId)}`,
    {
      httpOnly: true,
      sameSite: 'strict',
      secure: ctx.config.publicUrl.startsWith('https://'),
      path: DEVICE_COOKIE_PATH,
      expires: new Date(ctx.clock.now().getTime() + DEVICE_COOKIE_TTL_MS),
    },
  );
}
