import { z } from 'zod';

/** GET /api/v1/health: the server and its database answer, and which release it is. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string().meta({
    description: "The release this process runs (CHANGELOG.md's section of that version)",
    example: '1.0.0',
  }),
});

/** GET /api/v1/health/live: this process answers (nothing else is checked). */
export const livenessSchema = z.object({ status: z.literal('live') });

/**
 * GET /api/v1/health/ready: this process takes requests: its database answers, every migration
 * it knows is applied and it is not stopping. Otherwise 503 `not_ready`. Redis is not needed:
 * without it the rate limits and invalidations go through PostgreSQL (`redis: "degraded"`).
 */
export const readinessSchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
  redis: z.enum(['ok', 'degraded']).optional().meta({
    description:
      'With REDIS_URL only: "ok" while Redis answers, "degraded" while it does not (rate limits and cache invalidations then go through PostgreSQL, still shared by every process)',
  }),
});

/** GET /api/v1/config: public settings the web app shows before sign-in. */
export const publicConfigSchema = z.object({
  price_per_call: z
    .string()
    .meta({ description: 'Riyal per billed /v1 call, a decimal text such as "0.005"' }),
  currency: z.literal('SAR'),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
