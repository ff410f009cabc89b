import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isProblemCode } from '@tanqin/shared';
import { describe, expect, it } from 'vitest';

const SOURCE = path.resolve(import.meta.dirname, '..');

/** Every `.ts` file of the API's sources, tests excepted. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

// The places a problem code is written: an AppError, a problem sent directly, and the mapping of
// the framework's own errors (`[413, 'payload_too_large', ...]`).
const RAISES = [
  /new AppError\(\s*'([a-z_]+)'/g,
  /sendProblem\(\s*reply,[^,]+,\s*'([a-z_]+)'/g,
  /\[\s*\d{3},\s*'([a-z_]+)'/g,
];

describe('problem codes the API can raise', () => {
  it('are all in the shared problem table (status, Arabic and English text)', () => {
    const raised = new Set<string>();
    for (const file of sourceFiles(SOURCE)) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of RAISES) {
        for (const match of text.matchAll(pattern)) raised.add(match[1]!);
      }
    }
    expect(raised.size).toBeGreaterThan(30);
    expect([...raised].filter((code) => !isProblemCode(code))).toEqual([]);
  });
});
