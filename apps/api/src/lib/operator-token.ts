import type { AppContext } from '../app-context.ts';
import { constantTimeEqual, hmacSha256 } from './crypto.ts';

/** `Authorization: Bearer <OPERATOR_TOKEN>`, compared in constant time (both sides hashed first). */
export function isOperator(ctx: Pick<AppContext, 'config' | 'keys'>, authorization = '') {
  const expected = ctx.config.operatorToken;
  const presented = /^bearer (.+)$/i.exec(authorization)?.[1]?.trim() ?? '';
  const hash = (value: string) => hmacSha256(ctx.keys.pepper, `operator:${value}`);
  return Boolean(expected) && constantTimeEqual(hash(presented), hash(expected!));
}
