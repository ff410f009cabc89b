import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';

export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 30;

/**
 * One kind of guessed secret (a password, a second-step code, a confirmation code) for one
 * account, tried from one address. `subject` is whose counter the failures go to beside the
 * address's: the account's, or one trusted device's (see device-cookie.ts), so a device the owner
 * signed in from is not locked by failures made elsewhere. Without a subject only the address counts.
 */
export interface Attempt {
  action: 'login' | '2fa' | 'password' | 'confirm';
  subject?: { account: string } | { device: string };
  ip: string;
}

function countersOf(attempt: Attempt) {
  const counters = [{ key: `${attempt.action}-fail:ip:${attempt.ip}`, limit: MAX_FAILURES_PER_IP }];
  const { subject } = attempt;
  if (subject) {
    const key =
      'device' in subject
        ? `${attempt.action}-fail:device:${subject.device}`
        : accountFailureKey(attempt.action, subject.account);
    counters.unshift({ key, limit: MAX_FAILURES_PER_ACCOUNT });
  }
  return counters;
}

/** The counter of an account's failures from devices it does not know (password reset clears it). */
export const accountFailureKey = (action: Attempt['action'], account: string) =>
  `${action}-fail:account:${account}`;

/** Refuses while the attempt's subject or address has too many recent failures (brute force). */
export async function assertNotLocked(ctx: AppContext, attempt: Attempt) {
  const nowMs = ctx.clock.now().getTime();
  for (const { key, limit } of countersOf(attempt)) {
    if ((await ctx.rateLimits.count(key, FAILURE_WINDOW_MS, nowMs)) >= limit) {
      throw new AppError('account_locked', 'Too many failed attempts, try again later', {
        headers: { 'Retry-After': String(FAILURE_WINDOW_MS / 1000) },
      });
    }
  }
}

export async function recordFailure(ctx: AppContext, attempt: Attempt) {
  const nowMs = ctx.clock.now().getTime();
  for (const { key } of countersOf(attempt)) {
    await ctx.rateLimits.record(key, FAILURE_WINDOW_MS, nowMs);
  }
}

/** A success clears its subject's failures; the address keeps its count (it may try other accounts). */
export async function clearFailures(ctx: AppContext, attempt: Attempt) {
  if (attempt.subject) await ctx.rateLimits.clear(countersOf(attempt)[0]!.key);
}
