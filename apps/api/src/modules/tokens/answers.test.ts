import { generateTokenResponseSchema, verifyTokenResponseSchema } from '@tanqin/shared';
import { describe, expect, it } from 'vitest';
import { writeGenerateAnswer, writeVerifyAnswer } from './answers.ts';

const at = new Date('2026-11-26T18:00:00.123Z');
const generated = {
  success: true as const,
  token: '7KQ4-M2XD-9HTV-CW3R-A',
  token_id: 'tok_5mQ2xR8vKc1NpT7wYb3D',
  reference_id: 'tok_5mQ2xR8vKc1NpT7wYb3D',
  created_at: at,
  expires_at: new Date(at.getTime() + 3_600_000),
  message: 'Token generated successfully',
};
const verified = {
  success: true as const,
  token_id: 'tok_5mQ2xR8vKc1NpT7wYb3D',
  data: {
    full_name: 'محمد أحمد',
    national_id: '1012345678',
    'address.lines': ['1', { street: 'x', n: 3.5, ok: true, none: null }],
  },
  data_scope: ['identity', 'kyc:basic'],
  issuer: { name: 'مصرف المثال', client_id: 'tqc_4fR9tLw2QmZ8xKc1VbN7pD' },
  verified_at: at,
};
/** What the zod path writes: the schema's parse, then JSON.stringify. */
const viaZod = (
  schema: typeof generateTokenResponseSchema | typeof verifyTokenResponseSchema,
  data: unknown,
) => JSON.stringify(schema.parse(data));

/** zod refuses it (an invalid Date throws in the timestamps' preprocess: refused too). */
function refusedByZod(
  schema: typeof generateTokenResponseSchema | typeof verifyTokenResponseSchema,
  data: unknown,
) {
  try {
    return !schema.safeParse(data).success;
  } catch {
    return true;
  }
}

describe('the hand-written answers of generate and verify', () => {
  it('write exactly what zod writes, keys the schema does not name left out', () => {
    expect(writeGenerateAnswer(generated)).toBe(viaZod(generateTokenResponseSchema, generated));
    expect(writeVerifyAnswer(verified)).toBe(viaZod(verifyTokenResponseSchema, verified));
    const withExtras = {
      ...verified,
      ciphertext: 'secret',
      issuer: { ...verified.issuer, id: 'internal' },
    };
    const written = writeVerifyAnswer(withExtras)!;
    expect(written).toBe(viaZod(verifyTokenResponseSchema, withExtras));
    expect(written).not.toContain('secret');
    expect(written).not.toContain('internal');
    expect(writeGenerateAnswer({ ...generated, code_hash: 'x' } as typeof generated)).toBe(
      viaZod(generateTokenResponseSchema, generated),
    );
  });

  it('leave to zod what its schema would refuse', () => {
    const refusedGenerates = [
      { ...generated, token: '7KQ4-M2XD-9HTV-CW3R' },
      { ...generated, token_id: 'code_1' },
      { ...generated, created_at: new Date(Number.NaN) },
      { ...generated, success: false },
    ];
    for (const answer of refusedGenerates) {
      expect(writeGenerateAnswer(answer as typeof generated)).toBeUndefined();
      expect(refusedByZod(generateTokenResponseSchema, answer)).toBe(true);
    }
    const refusedVerifies = [
      { ...verified, data: {} },
      { ...verified, data: { _hidden: 1 } },
      { ...verified, data: { name: 'a\uD800' } },
      { ...verified, data: { name: [Number.POSITIVE_INFINITY] } },
      { ...verified, data: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, i])) },
      { ...verified, data_scope: ['Identity'] },
      { ...verified, issuer: { name: 'x', client_id: 'org_1' } },
      { ...verified, verified_at: 'yesterday' },
    ];
    for (const answer of refusedVerifies) {
      expect(writeVerifyAnswer(answer as typeof verified)).toBeUndefined();
      expect(refusedByZod(verifyTokenResponseSchema, answer)).toBe(true);
    }
  });
});
