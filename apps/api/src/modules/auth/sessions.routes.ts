import {
  deviceFromUserAgent,
  endedSessionsSchema,
  sessionPathSchema,
  signedInSessionListSchema,
  successOnlySchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { type ContractApp, guard, problemAnswers, SESSION_PROBLEMS } from '../../lib/contract.ts';
import { countryOf } from '../../lib/geo.ts';
import { requireUser } from './authenticate.ts';
import { endUserSession, endUserSessions, listUserSessions } from './sessions.service.ts';

const tags = ['Sessions'];

/** The caller's signed-in sessions and devices (any kind of account): see them, end them. */
export async function sessionRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  const signedIn = guard((request) => requireUser(ctx, request));

  app.get(
    '/auth/sessions',
    {
      schema: {
        summary: 'Your signed-in sessions: device, approximate place, last activity',
        tags,
        response: { 200: signedInSessionListSchema, ...problemAnswers(SESSION_PROBLEMS) },
      },
      preValidation: signedIn.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const caller = signedIn.of(request);
      const rows = await listUserSessions(ctx, caller.userId);
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          current: row.id === caller.sessionId,
          device: deviceFromUserAgent(row.user_agent),
          user_agent: row.user_agent,
          ip: row.ip,
          country: (row.ip && countryOf(row.ip)) || null,
          created_at: row.created_at.toISOString(),
          last_seen_at: row.last_seen_at?.toISOString() ?? null,
        })),
      };
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      schema: {
        summary: 'End one of your sessions (at once, on every server); another’s answers 404',
        tags,
        params: sessionPathSchema,
        response: {
          200: successOnlySchema,
          ...problemAnswers(SESSION_PROBLEMS, ['not_found']),
        },
      },
      preValidation: signedIn.check,
    },
    async (request) => {
      const caller = signedIn.of(request);
      if (!(await endUserSession(ctx, caller.userId, request.params.id))) {
        throw new AppError('not_found', 'Session not found');
      }
      return { success: true as const };
    },
  );

  app.post(
    '/auth/sessions/end-others',
    {
      schema: {
        summary: 'End every session of yours except this one',
        tags,
        response: { 200: endedSessionsSchema, ...problemAnswers(SESSION_PROBLEMS) },
      },
      preValidation: signedIn.check,
    },
    async (request) => {
      const caller = signedIn.of(request);
      const ended = await endUserSessions(ctx, ctx.db, caller.userId, caller.sessionId);
      return { success: true as const, ended };
    },
  );
}
