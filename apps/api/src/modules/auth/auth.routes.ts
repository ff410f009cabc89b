import {
  forgotPasswordSchema,
  loginRequestSchema,
  resetPasswordSchema,
  sessionKindQuerySchema,
  verifyTwoFactorSchema,
} from '@tanqin/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { parseInput } from '../../lib/validate.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { getMembership } from '../organizations/organizations.service.ts';
import { getUser, login, type UserRecord } from './auth.service.ts';
import { requestPasswordReset, resetPassword } from './password-reset.service.ts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  endSession,
  endSessionByRefreshToken,
  type IssuedSession,
  type Principal,
  rotateRefreshToken,
} from './sessions.service.ts';
import { completeTwoFactorLogin } from './two-factor.service.ts';

/**
 * One refresh cookie per kind of account, so a browser signed in to an organisation and as a
 * person keeps both sessions apart; refresh and logout name the kind (`?kind=individual`).
 */
export const REFRESH_COOKIES = {
  organization: 'tanqin_refresh',
  individual: 'tanqin_refresh_individual',
} as const satisfies Record<Principal['kind'], string>;
const REFRESH_COOKIE_PATH = '/api/v1/auth';

function presentOrganization(membership: Awaited<ReturnType<typeof getMembership>>) {
  if (!membership) return null;
  const { organization: o, role } = membership;
  return {
    id: o.id,
    name: o.name,
    type: o.type,
    email: o.email,
    client_id: o.client_id,
    created_at: o.created_at,
    role,
  };
}

/** The refresh cookie: httpOnly, SameSite strict; without "remember me" it ends with the browser. */
export function setRefreshCookie(
  ctx: AppContext,
  reply: FastifyReply,
  kind: Principal['kind'],
  session: IssuedSession,
) {
  reply.setCookie(REFRESH_COOKIES[kind], session.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.publicUrl.startsWith('https://'),
    path: REFRESH_COOKIE_PATH,
    ...(session.persistent ? { expires: session.refreshExpiresAt } : {}),
  });
}

/** The answer of a completed sign-in (login, verify-2fa, registration): token, user, cookie. */
export async function signedInAnswer(
  ctx: AppContext,
  reply: FastifyReply,
  user: UserRecord,
  session: IssuedSession,
) {
  setRefreshCookie(ctx, reply, user.kind, session);
  reply.header('Cache-Control', 'no-store');
  return {
    success: true,
    message: 'Login successful',
    token: session.accessToken,
    access_token: session.accessToken,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    user,
    organization: presentOrganization(await getMembership(ctx, user.id)),
    // An individual who has not confirmed yet: the web shows the code step.
    ...(user.confirmed ? {} : { requiresConfirmation: true }),
  };
}

export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post('/auth/login', async (request, reply) => {
    const input = parseInput(loginRequestSchema, request.body);
    const outcome = await login(ctx, input, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    if (outcome.step === 'two_factor') {
      reply.header('Cache-Control', 'no-store');
      return {
        success: true,
        requires2FA: true,
        twoFactorToken: outcome.twoFactorToken,
        message: 'Two-step verification required',
      };
    }
    return signedInAnswer(ctx, reply, outcome.user, outcome.session);
  });

  app.post('/auth/verify-2fa', async (request, reply) => {
    const input = parseInput(verifyTwoFactorSchema, request.body);
    const { user, session } = await completeTwoFactorLogin(ctx, input, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    return signedInAnswer(ctx, reply, user, session);
  });

  app.post('/auth/forgot-password', async (request, reply) => {
    const input = parseInput(forgotPasswordSchema, request.body);
    await requestPasswordReset(ctx, input.email, { ip: request.ip, log: request.log });
    return reply.code(202).send({ success: true });
  });

  app.post('/auth/reset-password', async (request) => {
    const input = parseInput(resetPasswordSchema, request.body);
    await resetPassword(ctx, input);
    return { success: true };
  });

  app.post('/auth/refresh', async (request, reply) => {
    const { kind } = parseInput(sessionKindQuerySchema, request.query);
    try {
      const session = await rotateRefreshToken(ctx, request.cookies[REFRESH_COOKIES[kind]]);
      setRefreshCookie(ctx, reply, kind, session);
      reply.header('Cache-Control', 'no-store');
      return {
        success: true,
        token: session.accessToken,
        access_token: session.accessToken,
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
      };
    } catch (error) {
      reply.clearCookie(REFRESH_COOKIES[kind], { path: REFRESH_COOKIE_PATH });
      throw error;
    }
  });

  app.post('/auth/logout', async (request, reply) => {
    const principal = await requireUser(ctx, request).catch(() => undefined);
    const kind = principal?.kind ?? parseInput(sessionKindQuerySchema, request.query).kind;
    await endSessionByRefreshToken(ctx, request.cookies[REFRESH_COOKIES[kind]]);
    if (principal) await endSession(ctx, principal.sessionId);
    reply.clearCookie(REFRESH_COOKIES[kind], { path: REFRESH_COOKIE_PATH });
    return { success: true };
  });

  app.get('/auth/me', async (request) => {
    const principal = await requireUser(ctx, request);
    const user = await getUser(ctx, principal.userId);
    return {
      success: true,
      user,
      organization: presentOrganization(await getMembership(ctx, user.id)),
    };
  });
}
