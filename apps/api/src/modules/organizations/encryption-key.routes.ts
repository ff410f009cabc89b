import { encryptionKeySchema, encryptionKeyStateSchema, rolesWith } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import {
  BODY_PROBLEMS,
  type ContractApp,
  guard,
  MEMBER_PROBLEMS,
  problemAnswers,
} from '../../lib/contract.ts';
import { requireMember } from '../auth/index.ts';
import {
  readEncryptionKey,
  removeEncryptionKey,
  setEncryptionKey,
} from './encryption-key.service.ts';

/**
 * The double lock's public key, the caller's own organisation: owners and admins change it; those
 * who decrypt codes read it too, so the console checks their key file before a code is used.
 */
export async function encryptionKeyRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  const manager = guard((request) => requireMember(ctx, request, rolesWith('settings:manage')));
  const reader = guard((request) => requireMember(ctx, request, rolesWith('codes:verify')));
  const tags = ['Organisation'];
  const path = '/organization/encryption-key';

  app.get(
    path,
    {
      schema: {
        summary: "The organisation's registered encryption public key (the double lock), or null",
        tags,
        response: { 200: encryptionKeyStateSchema, ...problemAnswers(MEMBER_PROBLEMS) },
      },
      preValidation: reader.check,
    },
    async (request) => readEncryptionKey(ctx, reader.of(request).organization.id),
  );

  app.put(
    path,
    {
      schema: {
        summary:
          'Register or replace the X25519 public key: codes addressed to the organisation from now on are sealed to it with HPKE',
        tags,
        body: encryptionKeySchema,
        response: {
          200: encryptionKeyStateSchema,
          ...problemAnswers(MEMBER_PROBLEMS, BODY_PROBLEMS),
        },
      },
      preValidation: manager.check,
    },
    async (request) =>
      setEncryptionKey(ctx, manager.of(request).organization.id, request.body.public_key),
  );

  app.delete(
    path,
    {
      schema: {
        summary: 'Remove the key: codes issued from now on are no longer double locked',
        tags,
        response: { 200: encryptionKeyStateSchema, ...problemAnswers(MEMBER_PROBLEMS) },
      },
      preValidation: manager.check,
    },
    async (request) => removeEncryptionKey(ctx, manager.of(request).organization.id),
  );
}
