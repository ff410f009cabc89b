import { createRequire } from 'node:module';
import { parseIp } from '@tanqin/shared';
import type Geoip from 'geoip-country';

let geoip: typeof Geoip | undefined;

/**
 * The country of an address from the IP-to-country data shipped in the geoip-country package
 * (no download at run time). Loopback, private and unknown addresses have no country. The data is
 * read at the first lookup, not at start (about 0.16 s of CPU: docs/capacity.md).
 */
export function countryOf(ip: string): string | undefined {
  if (!parseIp(ip)) return undefined;
  const address = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
  geoip ??= createRequire(import.meta.url)('geoip-country') as typeof Geoip;
  return geoip.lookup(address)?.country ?? undefined;
}
