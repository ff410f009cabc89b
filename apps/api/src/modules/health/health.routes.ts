import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';

export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/health', async () => {
    await ctx.db.query('select 1');
    return { status: 'ok', database: ctx.db.kind };
  });

  // Public settings the web app shows before sign-in (the landing page's price tile).
  app.get('/config', async () => ({ price_per_call: ctx.config.pricePerCall, currency: 'SAR' }));
}
