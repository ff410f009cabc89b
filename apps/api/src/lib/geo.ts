import { parseIp } from '@tanqin/shared';
import geoip from 'geoip-country';

/**
 * The country of an address from the IP-to-country data shipped in the geoip-country package
 * (no download at run time). Loopback, private and unknown addresses have no country.
 */
export function countryOf(ip: string): string | undefined {
  if (!parseIp(ip)) return undefined;
  const address = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
  return geoip.lookup(address)?.country ?? undefined;
}
