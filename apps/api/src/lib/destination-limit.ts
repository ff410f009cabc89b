import {
  DESTINATION_MESSAGES_PER_DAY,
  DESTINATION_MESSAGES_PER_HOUR,
  toAsciiDigits,
} from '@tanqin/shared';
import type { AppContext } from '../app-context.ts';
import { AppError } from './app-error.ts';
import { hmacSha256 } from './crypto.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The one form of an address: a mailbox in lower case, a Saudi mobile as `05XXXXXXXX`. */
export function normalisedDestination(channel: 'email' | 'sms', to: string): string {
  if (channel === 'email') return to.trim().toLowerCase();
  const digits = toAsciiDigits(to).replace(/\D/g, '');
  const national = digits.replace(/^(00)?966/, '');
  return national.startsWith('0') ? national : `0${national}`;
}

/**
 * Permission to send one message to a destination, taken from its limit (`takeDestinationSlot`),
 * or `OWN_ADDRESS` for the security notices the platform sends to an account's own addresses.
 */
export type DestinationSlot = { readonly destination: string } | typeof OWN_ADDRESS;
export const OWN_ADDRESS = Symbol('own address');

/**
 * Counts one message to `to` against its hourly and daily limits, shared by every process through
 * the rate-limit store, whoever asks; over either, 429 `destination_limited` with Retry-After and
 * nothing may be sent. The key holds an HMAC of the address, never the address itself. A phone
 * and a mailbox are different destinations: a flooded mailbox never blocks the SMS channel.
 */
export async function takeDestinationSlot(
  ctx: AppContext,
  channel: 'email' | 'sms',
  to: string,
): Promise<DestinationSlot> {
  const destination = normalisedDestination(channel, to);
  const key = `destination:${channel}:${hmacSha256(ctx.keys.pepper, `destination:${destination}`)}`;
  const result = await ctx.rateLimits.consume(
    [
      { key: `${key}:hour`, limit: DESTINATION_MESSAGES_PER_HOUR, windowMs: HOUR_MS },
      { key: `${key}:day`, limit: DESTINATION_MESSAGES_PER_DAY, windowMs: DAY_MS },
    ],
    ctx.clock.now().getTime(),
  );
  if (result.allowed) return { destination };
  const waitMs = Math.max(
    ...result.states.filter((s) => s.count >= s.window.limit).map((s) => s.resetMs),
  );
  throw new AppError('destination_limited', undefined, {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) },
  });
}

/**
 * `takeDestinationSlot` for a message an organisation asked for (an invitation, a notification
 * test): a refusal is also told to `onRefused` (its security event) before the 429.
 */
export async function takeOrganizationDestinationSlot(
  ctx: AppContext,
  channel: 'email' | 'sms',
  to: string,
  onRefused: () => Promise<unknown>,
): Promise<DestinationSlot> {
  try {
    return await takeDestinationSlot(ctx, channel, to);
  } catch (error) {
    if (error instanceof AppError && error.code === 'destination_limited') await onRefused();
    throw error;
  }
}
