/** Arabic-Indic and Eastern Arabic-Indic digits typed on Arabic keyboards, as ASCII digits. */
export function toAsciiDigits(value: string): string {
  return value
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0));
}

/**
 * A Saudi national id (citizens, starting with 1) or iqama (residents, starting with 2): ten
 * digits whose check digit follows the Luhn scheme used for them — digits at even positions
 * (0, 2, ...) are doubled and digit-summed, the others added as they are; the total is a
 * multiple of 10.
 */
export function isValidSaudiNationalId(value: string): boolean {
  if (!/^[12]\d{9}$/.test(value)) return false;
  let sum = 0;
  for (let index = 0; index < 10; index++) {
    let digit = value.charCodeAt(index) - 48;
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The national id as shown after registration: only its last four digits. */
export function maskNationalId(last4: string): string {
  return `******${last4}`;
}

/**
 * Test mode never names a real person (issue 32.3): like the test card numbers of card networks,
 * test keys take only these national ids as a code's subject, and live keys refuse them. A test
 * national id is ten digits starting 1999999 or 2999999 whose check digit is valid
 * (isValidSaudiNationalId): 200 ids, 100 a prefix. docs/integrators/test-mode.md; the SDK carries
 * the same list (packages/sdk/src/test-national-ids.ts, checked against this one).
 */
export const TEST_NATIONAL_ID_PREFIXES = ['1999999', '2999999'] as const;

/** Whether `value` is one of the documented test national ids. */
export function isTestNationalId(value: string): boolean {
  return (
    TEST_NATIONAL_ID_PREFIXES.some((prefix) => value.startsWith(prefix)) &&
    isValidSaudiNationalId(value)
  );
}

/** Every test national id, in order: `1999999004`, `1999999012`, ..., `2999999994`. */
export const TEST_NATIONAL_IDS: readonly string[] = TEST_NATIONAL_ID_PREFIXES.flatMap((prefix) =>
  Array.from({ length: 1000 }, (_, n) => `${prefix}${String(n).padStart(3, '0')}`).filter(
    isValidSaudiNationalId,
  ),
);
