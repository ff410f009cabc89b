// Test support, not part of the package's exports: the Arabic texts the product specification
// quotes. The specification is kept beside the repository (`../shared/spec/product-spec.md` from
// its root), as CI has it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const REPOSITORY_ROOT = join(import.meta.dirname, '../../..');
export const SPEC_PATH = join(REPOSITORY_ROOT, '../shared/spec/product-spec.md');

const ARABIC = /[\u0600-\u06FF]/;
/** A quotation in the spec's prose: 'single', "double", `backticks` or “curly” quotes. */
const QUOTED = /'([^'\n]+)'|"([^"\n]+)"|`([^`\n]+)`|“([^”\n]+)”/g;

/** Every quoted text of the specification that holds Arabic, in order, repeats included. */
export function specArabicQuotes(): string[] {
  const spec = readFileSync(SPEC_PATH, 'utf8');
  return [...spec.matchAll(QUOTED)]
    .map((match) => (match[1] ?? match[2] ?? match[3] ?? match[4])!)
    .filter((text) => ARABIC.test(text));
}
