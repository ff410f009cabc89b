/** IPv4 / IPv6 addresses and CIDR ranges, parsed without Node (used by the web forms too). */
export interface IpRange {
  version: 4 | 6;
  /** Network address as a 32- or 128-bit integer. */
  network: bigint;
  prefix: number;
}

function parseIpv4(text: string): bigint | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0n;
  for (const part of parts) {
    if (
      !/^\d{1,3}$/.test(part) ||
      Number(part) > 255 ||
      (part.length > 1 && part.startsWith('0'))
    ) {
      return undefined;
    }
    value = (value << 8n) | BigInt(part);
  }
  return value;
}

function parseIpv6(text: string): bigint | undefined {
  let address = text;
  const zone = address.indexOf('%');
  if (zone >= 0) address = address.slice(0, zone);
  let tail: number[] = [];
  const lastColon = address.lastIndexOf(':');
  if (address.includes('.') && lastColon >= 0) {
    const v4 = parseIpv4(address.slice(lastColon + 1));
    if (v4 === undefined) return undefined;
    tail = [Number(v4 >> 16n), Number(v4 & 0xffffn)];
    address = `${address.slice(0, lastColon + 1)}x`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const toGroups = (part: string) => (part === '' ? [] : part.split(':'));
  const head = toGroups(halves[0]!);
  const rest = halves.length === 2 ? toGroups(halves[1]!) : [];
  const parseGroups = (groups: string[]) =>
    groups.map((group) =>
      group === 'x' ? -1 : /^[0-9a-fA-F]{1,4}$/.test(group) ? parseInt(group, 16) : NaN,
    );
  const groups = [...parseGroups(head), ...(halves.length === 2 ? [-2] : []), ...parseGroups(rest)];
  if (groups.some(Number.isNaN)) return undefined;
  const expanded: number[] = [];
  const fixedCount = groups.filter((g) => g !== -2).length + (tail.length ? 1 : 0);
  for (const group of groups) {
    if (group === -2) {
      const fill = 8 - fixedCount;
      if (fill < 1) return undefined;
      expanded.push(...Array(fill).fill(0));
    } else if (group === -1) expanded.push(...tail);
    else expanded.push(group);
  }
  if (expanded.length !== 8) return undefined;
  return expanded.reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}

/** Parses one address; IPv4-mapped IPv6 (::ffff:1.2.3.4) counts as the IPv4 address. */
export function parseIp(text: string): { version: 4 | 6; value: bigint } | undefined {
  const trimmed = text.trim();
  const v4 = parseIpv4(trimmed);
  if (v4 !== undefined) return { version: 4, value: v4 };
  const v6 = parseIpv6(trimmed);
  if (v6 === undefined) return undefined;
  if (v6 >> 32n === 0xffffn) return { version: 4, value: v6 & 0xffffffffn };
  return { version: 6, value: v6 };
}

/** Parses `address` or `address/prefix`; the network is the address with host bits cleared. */
export function parseIpRange(text: string): IpRange | undefined {
  const [address, prefixText, extra] = text.trim().split('/');
  if (extra !== undefined || !address) return undefined;
  const ip = parseIp(address);
  if (!ip) return undefined;
  const bits = ip.version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return undefined;
  const mask = prefix === 0 ? 0n : ((1n << BigInt(prefix)) - 1n) << BigInt(bits - prefix);
  return { version: ip.version, network: ip.value & mask, prefix };
}

export function isIpOrCidr(text: string): boolean {
  return parseIpRange(text) !== undefined;
}

export function ipInRange(ip: string, range: IpRange): boolean {
  const parsed = parseIp(ip);
  if (!parsed || parsed.version !== range.version) return false;
  const bits = parsed.version === 4 ? 32 : 128;
  const mask =
    range.prefix === 0 ? 0n : ((1n << BigInt(range.prefix)) - 1n) << BigInt(bits - range.prefix);
  return (parsed.value & mask) === range.network;
}

/** Splits the comma-separated allowed-IPs text of the forms into trimmed entries. */
export function splitIpList(text: string): string[] {
  return text
    .split(/[,\s]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}
