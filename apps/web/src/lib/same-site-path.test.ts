import { describe, expect, it } from 'vitest';
import { sameSitePath } from './same-site-path.ts';

const ORIGIN = 'https://tanqin.example';
const HOME = '/dashboard';
const resolve = (value: string | null) => sameSitePath(value, HOME, ORIGIN);

// Links anyone can send: each must leave the signed-in person on this site.
const HOSTILE = [
  '//evil.example',
  '//evil.example/',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '\\/evil.example',
  '/..//evil.example/',
  '/../..//evil.example',
  '/%2e%2e//evil.example/',
  '/%2E%2E//evil.example/',
  '/.%2e//evil.example',
  '/%2e.//evil.example',
  '/./..//evil.example/',
  '/.//evil.example',
  '/%2e//evil.example',
  '/a/../..//evil.example',
  '/a/%2e%2e/%2e%2e//evil.example',
  '/%2f%2fevil.example',
  '/%2F%2Fevil.example',
  '/%5cevil.example',
  '/%5C%5Cevil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\t\t/evil.example',
  '/\u0000/evil.example',
  '/\u000b/evil.example',
  '/\u000c/evil.example',
  '/ /evil.example',
  '/\u00a0/evil.example',
  '/\u200b/evil.example',
  '/\u202e/evil.example',
  '/\ufeff/evil.example',
  ' //evil.example',
  '\t//evil.example',
  'https://evil.example/',
  'http://evil.example',
  'HTTPS://evil.example',
  'https:evil.example',
  'https:/evil.example',
  '//tanqin.example@evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  './/evil.example',
  '../evil.example',
  '%2f%2fevil.example',
  '//%65vil.example',
  '/%ZZ',
];

describe('sameSitePath', () => {
  it('keeps a path on this site with its query and fragment', () => {
    expect(resolve('/')).toBe('/');
    expect(resolve('/documents')).toBe('/documents');
    expect(resolve('/documents?status=pending#top')).toBe('/documents?status=pending#top');
    expect(resolve('/a/../documents')).toBe('/documents');
    expect(resolve('/@evil.example')).toBe('/@evil.example');
  });

  it('falls back when there is nothing to follow', () => {
    expect(resolve(null)).toBe(HOME);
    expect(resolve('')).toBe(HOME);
  });

  it(`refuses ${HOSTILE.length} hostile forms, whatever the browser would make of them`, () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(40);
    for (const value of HOSTILE) {
      const path = resolve(value);
      // Whatever is kept must resolve, again, to this origin: that is what the browser does next.
      expect(new URL(path, ORIGIN).origin, JSON.stringify(value)).toBe(ORIGIN);
      expect(path, JSON.stringify(value)).toBe(HOME);
    }
  });
});
