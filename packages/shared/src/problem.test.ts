import { describe, expect, it } from 'vitest';
import { generalProblem, problems, problemText } from './problem.ts';

const ARABIC = /[\u0600-\u06FF]/;
const LATIN = /[A-Za-z]/;

describe('the problem table', () => {
  it.each(Object.entries(problems))(
    '%s has an HTTP error status, Arabic and English text',
    (_, p) => {
      expect(p.status).toBeGreaterThanOrEqual(400);
      expect(p.status).toBeLessThan(600);
      expect(p.ar.trim()).toMatch(ARABIC);
      expect(p.en.trim()).toMatch(LATIN);
      expect(p.en).not.toMatch(ARABIC);
    },
  );

  it('reads an unknown code as the general problem of its status', () => {
    expect(problemText('token_used', 'en')).toBe('This code has already been used');
    expect(problemText('made_up', 'ar', 403)).toBe(problems.forbidden.ar);
    expect(problemText('made_up', 'en')).toBe(problems.internal_error.en);
    for (const status of [400, 401, 403, 404, 405, 409, 413, 415, 422, 429, 500, 503]) {
      const general = problems[generalProblem(status)];
      expect(general.status === status || [409, 422].includes(status) || status >= 500).toBe(true);
    }
  });
});
