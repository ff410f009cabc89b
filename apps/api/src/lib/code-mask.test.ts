import { formatCode } from '@tanqin/shared';
import { describe, expect, it } from 'vitest';
import { MASKED_CODE, maskCodes } from './code-mask.ts';

const CODE = '7KQ4M2XD9HTVCW3RX';
const arabicIndic = (digits: string) =>
  digits.replace(/\d/g, (d) => String.fromCodePoint(0x0660 + Number(d)));

describe('maskCodes', () => {
  const STATUS = `/v1/tokens/${MASKED_CODE}/status`;
  it.each([
    [`/v1/tokens/${CODE}/status`, STATUS],
    [`/v1/tokens/${formatCode(CODE)}/status`, STATUS],
    [`/v1/tokens/${formatCode(CODE).toLowerCase()}/revoke`, `/v1/tokens/${MASKED_CODE}/revoke`],
    [`/v1/tokens/${formatCode(CODE).replaceAll('-', '%20')}/status`, STATUS],
    [`/v1/tokens/${formatCode(CODE).replaceAll('-', '%2D')}/status`, STATUS],
    [`/v1/tokens/${formatCode(CODE).replaceAll('-', '%C2%A0')}/status`, STATUS],
    [`/v1/tokens/${CODE.slice(0, 16)}/status`, STATUS],
    [`/v1/tokens/TQ-${formatCode(CODE)}/status`, STATUS],
    [`/v1/tokens/code:${CODE}/status`, `/v1/tokens/code:${MASKED_CODE}/status`],
    [
      `/v1/tokens/x/status?token=${formatCode(CODE).replaceAll('-', '+')}`,
      `/v1/tokens/x/status?token=${MASKED_CODE}`,
    ],
    [`/v1/tokens/${encodeURIComponent(arabicIndic('7777-1234-5678-9012-3'))}/status`, STATUS],
    [`/v1/tokens/${arabicIndic('7777-1234-5678-9012-3')}/status`, STATUS],
    ['/v1/tokens/7KQ4M2XD9HTVCW3RO/status', STATUS],
  ])('masks the code in %s', (path, masked) => {
    expect(maskCodes(path)).toBe(masked);
  });

  it('keeps token ids, ordinary paths and short values', () => {
    for (const text of [
      '/v1/tokens/tok_5mQ2xR8vKc1NpT7wYb3D/status',
      '/v1/tokens/generate',
      '/v1/oauth/token',
      '/v1/tokens/abc-def/status',
      '/v1/tokens/tok_5mQ2xR8vKc1NpT7wYb3D/revoke?reason=lost',
      '/api/v1/security/api-keys/c5724e2d-330c-40cd-ab76-91d354380e3c',
      '/v1/tokens/my-long-description-of-the-call-that-goes-on/status',
    ]) {
      expect(maskCodes(text)).toBe(text);
    }
  });
});
