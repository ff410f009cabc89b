import { personalCodeParamsSchema } from '@tanqin/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { guard, SESSION_PROBLEMS } from '../../lib/contract.ts';
import { requireProvenIndividual } from '../auth/index.ts';

/** A malformed id is answered like an unknown one: 404, nothing learnt. */
export function codeId(request: FastifyRequest): string {
  const parsed = personalCodeParamsSchema.safeParse(request.params);
  if (!parsed.success) throw new AppError('not_found', 'Code not found');
  return parsed.data.id;
}

export const tags = ['Individuals'];
/** Also an individual whose national id is not proven yet: no code metadata before the proof. */
export const PERSON_PROBLEMS = [...SESSION_PROBLEMS, 'forbidden', 'identity_unverified'] as const;
/** Reading a page: as above, or a query that does not parse (a cursor not given out: 400). */
export const LIST_PROBLEMS = [...PERSON_PROBLEMS, 'validation_failed', 'bad_request'] as const;
/** Revoking: unknown or someone else's (404), or too late (used, expired). */
export const REVOKE_PROBLEMS = [
  ...PERSON_PROBLEMS,
  'not_found',
  'token_used',
  'token_expired',
] as const;

/** Every route's caller: an individual whose identity is proven. */
export function personGuard(ctx: AppContext) {
  return guard((request) => requireProvenIndividual(ctx, request));
}

export type PersonGuard = ReturnType<typeof personGuard>;
