import { z } from 'zod';

/** GET /api/v1/health: the server and its database answer. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

/** GET /api/v1/config: public settings the web app shows before sign-in. */
export const publicConfigSchema = z.object({
  price_per_call: z
    .string()
    .meta({ description: 'Riyal per billed /v1 call, a decimal text such as "0.005"' }),
  currency: z.literal('SAR'),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
