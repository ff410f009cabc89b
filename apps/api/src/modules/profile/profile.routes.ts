import {
  changePasswordSchema,
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  profileUpdateSchema,
} from '@tanqin/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/validate.ts';
import { requireIndividual, requireUser } from '../../plugins/authenticate.ts';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from '../auth/two-factor.service.ts';
import { changePassword, getProfile, updateProfile } from './profile.service.ts';

/** Any signed-in individual, confirmed or not (the profile says which). */
async function requirePerson(ctx: AppContext, request: FastifyRequest) {
  const principal = await requireUser(ctx, request);
  if (principal.kind !== 'individual') {
    throw new AppError('forbidden', 'This is for individual accounts');
  }
  return principal;
}

/**
 * The personal profile (individuals), and the account's password and two-step settings (every
 * user: organisation staff share the users table and the same sign-in).
 */
export async function profileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/profile', async (request, reply) => {
    const principal = await requirePerson(ctx, request);
    reply.header('Cache-Control', 'no-store');
    return getProfile(ctx, principal.userId);
  });

  app.patch('/profile', async (request, reply) => {
    const principal = await requireIndividual(ctx, request);
    const input = parseInput(profileUpdateSchema, request.body);
    reply.header('Cache-Control', 'no-store');
    return updateProfile(ctx, principal.userId, input);
  });

  app.post('/profile/password', async (request) => {
    const principal = await requireUser(ctx, request);
    const input = parseInput(changePasswordSchema, request.body);
    await changePassword(ctx, principal, input, { ip: request.ip });
    return { success: true };
  });

  app.post('/profile/2fa/setup', async (request, reply) => {
    const principal = await requireUser(ctx, request);
    reply.header('Cache-Control', 'no-store');
    return setupTwoFactor(ctx, principal.userId);
  });

  app.post('/profile/2fa/enable', async (request, reply) => {
    const principal = await requireUser(ctx, request);
    const input = parseInput(enableTwoFactorSchema, request.body);
    reply.header('Cache-Control', 'no-store');
    return {
      success: true,
      ...(await enableTwoFactor(ctx, principal.userId, input.code, { ip: request.ip })),
    };
  });

  app.post('/profile/2fa/disable', async (request) => {
    const principal = await requireUser(ctx, request);
    const input = parseInput(disableTwoFactorSchema, request.body);
    return disableTwoFactor(ctx, principal.userId, input, { ip: request.ip });
  });
}
