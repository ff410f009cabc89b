/**
 * Exact money for the pricing calculator: amounts are integers of thousandths of a riyal in
 * BigInt (money is never a float, ARCHITECTURE.md section 7), turned back into decimal strings.
 */
export const PRICE_SCALE = 3;
const SCALE_FACTOR = 10n ** BigInt(PRICE_SCALE);

/** The calculator's upper bound: one trillion calls a month. */
export const MAX_CALLS = 1_000_000_000_000n;

/** "0.005" -> 5n thousandths. The server allows at most 3 decimals (config PRICE_PER_CALL). */
export function toThousandths(decimal: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,3}))?$/.exec(decimal.trim());
  if (!match) throw new Error(`Not a price with at most ${PRICE_SCALE} decimals: ${decimal}`);
  const fraction = (match[2] ?? '').padEnd(PRICE_SCALE, '0');
  return BigInt(match[1]!) * SCALE_FACTOR + BigInt(fraction);
}

/** 12345n thousandths -> "12.345". */
export function fromThousandths(amount: bigint): string {
  const whole = amount / SCALE_FACTOR;
  const fraction = (amount % SCALE_FACTOR).toString().padStart(PRICE_SCALE, '0');
  return `${whole}.${fraction}`;
}

/** calls x price, exactly, as a decimal string with 3 decimals. */
export function costOf(calls: bigint, price: string): string {
  return fromThousandths(calls * toThousandths(price));
}

export type CallCount = { ok: true; value: bigint } | { ok: false; reason: 'invalid' | 'tooLarge' };

/** What a person types: Latin or Arabic-Indic digits, with thousands separators or spaces. */
export function parseCallCount(input: string): CallCount {
  const digits = input
    .trim()
    .replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[۰-۹]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/[\s,٬'’]/g, '');
  if (!/^\d+$/.test(digits)) return { ok: false, reason: 'invalid' };
  const value = BigInt(digits);
  return value > MAX_CALLS ? { ok: false, reason: 'tooLarge' } : { ok: true, value };
}

/** A decimal string in the page's language, Latin digits, exact (Intl formats strings exactly). */
export function formatDecimal(decimal: string, language: string, fractionDigits = PRICE_SCALE) {
  return new Intl.NumberFormat(language === 'en' ? 'en-US' : 'ar-SA', {
    numberingSystem: 'latn',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(decimal as unknown as number);
}

export function formatCount(count: bigint, language: string) {
  return new Intl.NumberFormat(language === 'en' ? 'en-US' : 'ar-SA', {
    numberingSystem: 'latn',
  }).format(count);
}
