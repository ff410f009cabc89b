import {
  identityCompleteSchema,
  identityLockedSchema,
  identityLockRequestSchema,
  identityProvenSchema,
  identityStartedSchema,
  identityStatusSchema,
} from '@tanqin/shared';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import {
  BODY_PROBLEMS,
  type ContractApp,
  guard,
  problemAnswers,
  SESSION_PROBLEMS,
} from '../../lib/contract.ts';
import { requireIndividual, requireProvenIndividual } from '../auth/index.ts';
import {
  completeIdentityProof,
  confirmIdentityCorrection,
  identityStatus,
  startIdentityProof,
} from './identity.service.ts';
import { setIdentityLock } from './identity-lock.service.ts';

/** The provider may add `iss` to the callback (RFC 9207): the callback passes it on. */
const completeBodySchema = identityCompleteSchema.extend({
  iss: z.string().max(2048).optional(),
});

export async function identityRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  const person = guard((request) => requireIndividual(ctx, request));

  app.get(
    '/individuals/me/identity',
    {
      schema: {
        summary: 'Whether my national id is proven at the identity provider',
        tags: ['Individuals'],
        response: {
          200: identityStatusSchema,
          ...problemAnswers(SESSION_PROBLEMS, ['forbidden']),
        },
      },
      preValidation: person.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return identityStatus(ctx, person.of(request).userId);
    },
  );

  app.post(
    '/individuals/me/identity/start',
    {
      schema: {
        summary: 'Start proving my identity: the address of the identity provider to go to',
        description:
          'OpenID Connect authorization code flow with PKCE (S256), state and nonce. The provider ' +
          'sends the browser back to /identity/callback, which calls .../identity/complete.',
        tags: ['Individuals'],
        response: {
          200: identityStartedSchema,
          ...problemAnswers(SESSION_PROBLEMS, [
            'forbidden',
            'too_many_requests',
            'identity_provider_unavailable',
          ]),
        },
      },
      preValidation: person.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return startIdentityProof(ctx, person.of(request).userId, request.log);
    },
  );

  app.post(
    '/individuals/me/identity/complete',
    {
      schema: {
        summary: 'Finish proving my identity with what the identity provider returned',
        tags: ['Individuals'],
        body: completeBodySchema,
        response: {
          200: identityProvenSchema,
          ...problemAnswers(BODY_PROBLEMS, SESSION_PROBLEMS, [
            'forbidden',
            'identity_proof_failed',
            'identity_mismatch',
            'identity_already_proven',
            'identity_provider_unavailable',
          ]),
        },
      },
      preValidation: person.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const identity = await completeIdentityProof(
        ctx,
        person.of(request).userId,
        request.body,
        request.log,
      );
      return { success: true as const, identity };
    },
  );

  app.post(
    '/individuals/me/identity/correction',
    {
      schema: {
        summary: "Make the national id the identity provider proved my account's",
        description:
          'After POST /individuals/me/identity/complete answered 409 `identity_mismatch` for an ' +
          'unproven account, GET /individuals/me/identity shows `correction` for 10 minutes: ' +
          'confirming replaces the national id typed at registration with the proven one, and ' +
          'proves it. The codes of the typed id never show on this account.',
        tags: ['Individuals'],
        response: {
          200: identityProvenSchema,
          ...problemAnswers(SESSION_PROBLEMS, [
            'forbidden',
            'identity_proof_failed',
            'identity_already_proven',
          ]),
        },
      },
      preValidation: person.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const identity = await confirmIdentityCorrection(ctx, person.of(request).userId, request.log);
      return { success: true as const, identity };
    },
  );

  const provenPerson = guard((request) => requireProvenIndividual(ctx, request));
  app.post(
    '/individuals/me/identity-lock',
    {
      schema: {
        summary: 'Lock or unlock my national id: while locked, no code can be generated for it',
        description:
          'Locking needs nothing more. Unlocking needs `password`, and `code` (TOTP or recovery ' +
          'code) when two-step verification is on. While locked, POST /v1/tokens/generate with ' +
          'this subject.national_id answers 403 `subject_locked`.',
        tags: ['Individuals'],
        body: identityLockRequestSchema,
        response: {
          200: identityLockedSchema,
          ...problemAnswers(BODY_PROBLEMS, SESSION_PROBLEMS, [
            'forbidden',
            'identity_unverified',
            'current_password_invalid',
            'invalid_code',
            'two_factor_code_used',
            'account_locked',
          ]),
        },
      },
      preValidation: provenPerson.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const lock = await setIdentityLock(ctx, provenPerson.of(request).userId, request.body, {
        ip: request.ip,
      });
      return { success: true as const, ...lock };
    },
  );
}
