import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as shared from './index.ts';
import { REPOSITORY_ROOT, specArabicQuotes } from './spec-quotes.ts';

/**
 * Quoted Arabic in the specification that is sample data, not a message the product must show.
 * Keep it short, with the reason for each.
 */
const NOT_MESSAGES: string[] = [];

/**
 * Quoted texts the product replaced on purpose, each with its reason: they are no longer shown.
 */
const SUPERSEDED: Record<string, string> = {
  'تم إنشاء المنظمة بنجاح!':
    "issue 34.6: the glossary's word for organisation is الجهة ('تم إنشاء حساب الجهة بنجاح!')",
  'سيتم التواصل معكم قريباً.':
    'issue 34.6: sign-in works at once, so the panel says what comes next instead',
};

/** Every string of the plain objects and arrays reachable from a value (schemas are skipped). */
function stringsIn(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== Array.prototype && proto !== null) return [];
  return Object.values(value).flatMap((item) => stringsIn(item, seen));
}

/** The product's message tables: what packages/shared exports and the web app's Arabic locales. */
function messageTables(): string[] {
  const locales = join(REPOSITORY_ROOT, 'apps/web/src/locales/ar');
  const web = readdirSync(locales)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => stringsIn(JSON.parse(readFileSync(join(locales, file), 'utf8'))));
  return [...stringsIn(Object.values(shared)), ...web];
}

describe("the specification's exact Arabic texts", () => {
  const quotes = specArabicQuotes();
  const messages = quotes.filter((text) => !NOT_MESSAGES.includes(text) && !(text in SUPERSEDED));

  it('are read from the specification (27 quotations of 25 texts when this test was written)', () => {
    expect(quotes.length).toBeGreaterThanOrEqual(25);
    expect(quotes).toContain('اسم المؤسسة مطلوب');
    for (const excluded of [...NOT_MESSAGES, ...Object.keys(SUPERSEDED)]) {
      expect(quotes).toContain(excluded);
    }
  });

  it('each stand verbatim in the message tables, whatever the glossary prefers', () => {
    const tables = messageTables();
    const missing = [...new Set(messages)].filter(
      (text) => !tables.some((message) => message.includes(text)),
    );
    expect(missing).toEqual([]);
  });
});
