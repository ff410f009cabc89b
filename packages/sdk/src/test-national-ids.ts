/**
 * Test mode never names a real person: a test key (`tqk_test_...`) takes only these national ids
 * as a code's `subject.national_id` (any other: 400 `test_national_id_required`), and a live key
 * refuses them (400 `test_national_id_in_live`). Like the test card numbers of card networks: ten
 * digits starting 1999999 (citizens) or 2999999 (residents) with a valid check digit, 200 in all.
 * The same rule as the server's (`test-national-ids.test.ts` checks it against it).
 */
export const TEST_NATIONAL_ID_PREFIXES = ['1999999', '2999999'] as const;

/** The Luhn check of a Saudi national id or iqama, as the server checks it. */
function hasValidCheckDigit(value: string): boolean {
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

/** Whether `nationalId` is one of the test national ids a test key takes. */
export function isTestNationalId(nationalId: string): boolean {
  return (
    TEST_NATIONAL_ID_PREFIXES.some((prefix) => nationalId.startsWith(prefix)) &&
    hasValidCheckDigit(nationalId)
  );
}

/** Every test national id, in order: `1999999004`, `1999999012`, ..., `2999999994`. */
export const TEST_NATIONAL_IDS: readonly string[] = TEST_NATIONAL_ID_PREFIXES.flatMap((prefix) =>
  Array.from({ length: 1000 }, (_, n) => `${prefix}${String(n).padStart(3, '0')}`).filter(
    hasValidCheckDigit,
  ),
);
