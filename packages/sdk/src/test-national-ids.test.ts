import * as server from '@tanqin/shared';
import { describe, expect, it } from 'vitest';
import { isTestNationalId, TEST_NATIONAL_IDS } from './index.ts';

describe('the test national ids', () => {
  it('are the server’s: 200 ids starting 1999999 or 2999999 with a valid check digit', () => {
    expect(TEST_NATIONAL_IDS).toEqual(server.TEST_NATIONAL_IDS);
    expect(TEST_NATIONAL_IDS).toHaveLength(200);
    expect(TEST_NATIONAL_IDS.slice(0, 3)).toEqual(['1999999004', '1999999012', '1999999020']);
    for (const id of ['1999999004', '2999999002', '1999999005', '1098765432', '199999900', 'x']) {
      expect(isTestNationalId(id), id).toBe(server.isTestNationalId(id));
    }
    expect(isTestNationalId('1999999005')).toBe(false);
    expect(isTestNationalId('1098765432')).toBe(false);
  });
});
