import { type IpRange, ipInRange, parseIp, parseIpRange } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import {
  bareHostname,
  createSystemWebhookNetwork,
  type WebhookNetwork,
} from '../../lib/webhook-network.ts';

// IANA special-purpose registries (IPv4 and IPv6) plus private, loopback, link-local, multicast
// and the translation prefixes that can embed one of those. IPv4-mapped IPv6 is checked as IPv4.
const SPECIAL_USE = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.31.196.0/24',
  '192.52.193.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '192.175.48.0/24',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '64:ff9b::/96',
  '64:ff9b:1::/48',
  '100::/64',
  '2001::/23',
  '2001:db8::/32',
  '2002::/16',
  '3fff::/20',
  '5f00::/16',
].map((cidr) => parseIpRange(cidr)!);
// Of IPv6 only global unicast is public at all (loopback, unique-local, link-local and
// multicast all lie outside it).
const GLOBAL_UNICAST_V6: IpRange = parseIpRange('2000::/3')!;

/** True only for a public unicast address: what a webhook may be delivered to. */
export function isPublicAddress(address: string): boolean {
  const ip = parseIp(address);
  if (!ip) return false;
  if (ip.version === 6 && !ipInRange(address, GLOBAL_UNICAST_V6)) return false;
  return !SPECIAL_USE.some((range) => ipInRange(address, range));
}

export type DestinationProblem = 'not_https' | 'unresolvable' | 'not_public';

export class WebhookDestinationError extends Error {
  readonly problem: DestinationProblem;

  constructor(problem: DestinationProblem, message: string) {
    super(message);
    this.problem = problem;
  }
}

/**
 * Resolves a webhook URL and returns the address to connect to. Refuses anything but https and
 * any host with a non-public address among its answers (one bad answer is enough: a resolver may
 * hand out either). Run at creation and again before every delivery.
 */
export async function checkWebhookDestination(
  network: WebhookNetwork,
  destination: string,
): Promise<{ url: URL; address: string }> {
  let url: URL;
  try {
    url = new URL(destination);
  } catch {
    throw new WebhookDestinationError('not_https', 'The webhook URL is not valid');
  }
  if (url.protocol !== 'https:') {
    throw new WebhookDestinationError('not_https', 'Webhooks are delivered over https only');
  }
  let addresses: string[];
  try {
    addresses = await network.resolve(bareHostname(url));
  } catch {
    addresses = [];
  }
  if (!addresses.length) {
    throw new WebhookDestinationError('unresolvable', `The host ${url.hostname} does not resolve`);
  }
  const refused = addresses.find((address) => !isPublicAddress(address));
  if (refused) {
    throw new WebhookDestinationError(
      'not_public',
      `The host ${url.hostname} resolves to a non-public address`,
    );
  }
  return { url, address: addresses[0]! };
}

export function webhookNetworkOf(ctx: AppContext) {
  ctx.webhookNetwork ??= createSystemWebhookNetwork();
  return ctx.webhookNetwork;
}
