import { healthSchema, publicConfigSchema } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { type ContractApp, problemResponses } from '../../lib/contract.ts';

export async function healthRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  app.get(
    '/health',
    {
      schema: {
        summary: 'The server and its database answer',
        tags: ['Server'],
        security: [],
        response: { 200: healthSchema, ...problemResponses(['internal_error']) },
      },
    },
    async () => {
      await ctx.db.query('select 1');
      return { status: 'ok' as const, database: ctx.db.kind };
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
