import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

/** The README files and every document under docs/ (what a newcomer follows link by link). */
function documents(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => join(entry.parentPath, entry.name));
  const readmes = ['README.md', 'bench/README.md', 'packages/sdk/README.md'].map((f) =>
    join(ROOT, f),
  );
  return [...readmes, ...docs];
}

/** The text outside fenced code blocks and inline code, where a link is a link. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const headings = prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+)$/gm);
  return new Set([...headings].map((m) => anchor(m[1]!.replace(/`/g, ''))));
}

describe('relative links in the README and docs/', () => {
  const files = documents();

  it('all resolve to a file or folder, and an anchor to a heading of it', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of files) {
      const text = prose(readFileSync(file, 'utf8'));
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue; // https:, mailto:
        checked += 1;
        const [path, hash] = target!.split('#') as [string, string | undefined];
        const resolved = path === '' ? file : resolve(dirname(file), decodeURI(path));
        const where = `${relative(ROOT, file)} -> ${target}`;
        if (!existsSync(resolved)) {
          broken.push(where);
        } else if (hash && statSync(resolved).isFile() && resolved.endsWith('.md')) {
          if (!anchorsOf(resolved).has(hash)) broken.push(`${where} (no such heading)`);
        }
      }
    }
    expect(checked).toBeGreaterThan(30);
    expect(broken).toEqual([]);
  });
});
