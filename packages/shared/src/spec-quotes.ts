// Test support, not part of the package's exports: the Arabic texts the product specification
// quotes. The specification is kept beside the repository (`../shared/spec/product-spec.md` from
// its root), as CI has it; a git worktree elsewhere reads the one beside its main checkout.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const REPOSITORY_ROOT = join(import.meta.dirname, '../../..');
const SPEC_BESIDE = '../shared/spec/product-spec.md';

function specPath(): string {
  const beside = join(REPOSITORY_ROOT, SPEC_BESIDE);
  if (existsSync(beside)) return beside;
  const commonGitDir = execFileSync(
    'git',
    ['rev-parse', '--path-format=absolute', '--git-common-dir'],
    { cwd: REPOSITORY_ROOT, encoding: 'utf8' },
  ).trim();
  return join(dirname(commonGitDir), SPEC_BESIDE);
}

export const SPEC_PATH = specPath();

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
