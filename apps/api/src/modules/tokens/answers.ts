import {
  type GenerateTokenResponse,
  generateTokenResponseSchema,
  hasForbiddenCharacters,
  TOKEN_ANSWER_PATTERNS,
  type VerifyTokenResponse,
  verifyTokenResponseSchema,
} from '@tanqin/shared';
import type { z } from 'zod';
import { writeAnswersWith } from '../../lib/contract.ts';

/*
 * The answers of generate and verify, written by hand (lib/contract.ts writeAnswersWith): each
 * writer checks what its schema checks, then writes exactly the keys the schema names, in its
 * order, as zod's parse followed by JSON.stringify would. Anything else: undefined, and zod
 * decides.
 */

const { code, tokenId, clientId, fieldName, scopeName } = TOKEN_ANSWER_PATTERNS;
const MAX_DATA_FIELDS = 50;

/** An instant as the answers' timestamps write it (a Date, as the services hand them over). */
function timestamp(value: unknown): string | undefined {
  return value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString() : undefined;
}

const matches = (value: unknown, pattern: RegExp): value is string =>
  typeof value === 'string' && pattern.test(value);

/** A JSON value of plain objects, arrays, finite numbers and texts without forbidden characters. */
function isCleanJson(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node === 'boolean') continue;
    if (typeof node === 'string') {
      if (hasForbiddenCharacters(node)) return false;
    } else if (typeof node === 'number') {
      if (!Number.isFinite(node)) return false;
    } else if (Array.isArray(node)) {
      for (const child of node) pending.push(child);
    } else if (typeof node === 'object' && Object.getPrototypeOf(node) === Object.prototype) {
      for (const key of Object.keys(node)) {
        if (hasForbiddenCharacters(key)) return false;
        pending.push((node as Record<string, unknown>)[key]);
      }
    } else {
      return false;
    }
  }
  return true;
}

/** The shared data as the schema takes it: 1 to 50 fields of our names, clean JSON values. */
function isTokenData(data: unknown): data is Record<string, unknown> {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return false;
  if (Object.getPrototypeOf(data) !== Object.prototype) return false;
  const keys = Object.keys(data);
  if (keys.length < 1 || keys.length > MAX_DATA_FIELDS) return false;
  return keys.every((key) => fieldName.test(key)) && isCleanJson(data);
}

type GenerateAnswer = z.input<typeof generateTokenResponseSchema>;

export function writeGenerateAnswer(answer: GenerateAnswer): string | undefined {
  const createdAt = timestamp(answer.created_at);
  const expiresAt = timestamp(answer.expires_at);
  if (
    answer.success !== true ||
    !matches(answer.token, code) ||
    !matches(answer.token_id, tokenId) ||
    !matches(answer.reference_id, tokenId) ||
    createdAt === undefined ||
    expiresAt === undefined ||
    typeof answer.message !== 'string'
  ) {
    return undefined;
  }
  const written: GenerateTokenResponse = {
    success: true,
    token: answer.token,
    token_id: answer.token_id,
    reference_id: answer.reference_id,
    created_at: createdAt,
    expires_at: expiresAt,
    message: answer.message,
  };
  return JSON.stringify(written);
}

type VerifyAnswer = z.input<typeof verifyTokenResponseSchema>;

export function writeVerifyAnswer(answer: VerifyAnswer): string | undefined {
  const verifiedAt = timestamp(answer.verified_at);
  const { issuer, data_scope: dataScope } = answer;
  if (
    answer.success !== true ||
    !matches(answer.token_id, tokenId) ||
    !isTokenData(answer.data) ||
    !Array.isArray(dataScope) ||
    !dataScope.every((scope) => matches(scope, scopeName)) ||
    issuer === null ||
    typeof issuer !== 'object' ||
    typeof issuer.name !== 'string' ||
    !matches(issuer.client_id, clientId) ||
    verifiedAt === undefined
  ) {
    return undefined;
  }
  const written: VerifyTokenResponse = {
    success: true,
    token_id: answer.token_id,
    data: answer.data,
    data_scope: dataScope,
    issuer: { name: issuer.name, client_id: issuer.client_id },
    verified_at: verifiedAt,
  };
  return JSON.stringify(written);
}

/** Generate's 201 and verify's 200 answers, serialised by the writers above. */
export const generateAnswer = writeAnswersWith(generateTokenResponseSchema, writeGenerateAnswer);
export const verifyAnswer = writeAnswersWith(verifyTokenResponseSchema, writeVerifyAnswer);
