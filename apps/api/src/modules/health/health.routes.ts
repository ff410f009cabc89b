import { healthSchema, livenessSchema, publicConfigSchema, readinessSchema } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { pendingMigrations } from '../../db/migrate.ts';
import { AppError } from '../../lib/app-error.ts';
import { type ContractApp, problemResponses } from '../../lib/contract.ts';
import type { Lifecycle } from '../../lib/lifecycle.ts';
import { VERSION } from '../../version.ts';

/** Why this process should not be sent requests now, or undefined when it should. */
async function notReadyBecause(ctx: AppContext, lifecycle: Lifecycle) {
  if (lifecycle.isDraining) return 'stopping';
  let pending: string[];
  try {
    pending = await pendingMigrations(ctx.db);
  } catch {
    return 'the database does not answer';
  }
  if (pending.length > 0) return `migrations not applied: ${pending.join(', ')}`;
  return undefined;
}

export async function healthRoutes(
  app: ContractApp,
  { ctx, lifecycle }: { ctx: AppContext; lifecycle: Lifecycle },
) {
  app.get(
    '/health',
    {
      schema: {
        summary: 'The server and its database answer, and its version',
        tags: ['Server'],
        security: [],
        response: { 200: healthSchema, ...problemResponses(['internal_error']) },
      },
    },
    async () => {
      await ctx.db.query('select 1');
      return { status: 'ok' as const, database: ctx.db.kind, version: VERSION };
    },
  );

  // For a supervisor: a process that does not answer this is hung and may be restarted.
  app.get(
    '/health/live',
    {
      schema: {
        summary: 'Liveness: this server process answers',
        tags: ['Server'],
        security: [],
        response: { 200: livenessSchema },
      },
    },
    async () => ({ status: 'live' as const }),
  );

  // For a load balancer: send requests to this process only while it answers 200.
  app.get(
    '/health/ready',
    {
      schema: {
        summary:
          'Readiness: this process takes requests (database answers, migrations applied, not stopping); Redis is reported, not required',
        tags: ['Server'],
        security: [],
        response: { 200: readinessSchema, ...problemResponses(['not_ready']) },
      },
    },
    async () => {
      const reason = await notReadyBecause(ctx, lifecycle);
      if (reason) throw new AppError('not_ready', `Not ready: ${reason}`);
      return {
        status: 'ready' as const,
        database: ctx.db.kind,
        ...(ctx.redis && { redis: ctx.redis.state() }),
      };
    },
  );

  // Public settings the web app shows before sign-in (the landing page's price tile).
  app.get(
    '/config',
    {
      schema: {
        summary: 'Public settings: the price of a billed call',
        tags: ['Server'],
        security: [],
        response: { 200: publicConfigSchema },
      },
    },
    async () => ({ price_per_call: ctx.config.pricePerCall, currency: 'SAR' as const }),
  );
}
