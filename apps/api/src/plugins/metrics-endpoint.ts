import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { AppContext } from '../app-context.ts';
import { isOperator } from '../lib/operator-token.ts';
import { sendProblem } from './errors.ts';

const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="tanqin-operator"' };

/**
 * GET /metrics in Prometheus's text format, for the operator token only (a scraper sends it as
 * its bearer credentials): on PORT, or with METRICS_PORT on that port alone, which the proxy
 * never forwards (then PORT answers 404).
 */
export function registerMetricsEndpoint(app: FastifyInstance, ctx: AppContext, registry: Registry) {
  const { metricsPort } = ctx.config;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (metricsPort) {
      return sendProblem(
        reply,
        404,
        'route_not_found',
        `Metrics are served on port ${metricsPort}`,
      );
    }
    if (!isOperator(ctx, request.headers.authorization)) {
      reply.headers(CHALLENGE);
      return sendProblem(reply, 401, 'unauthenticated', 'Metrics need the operator token');
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
  if (!metricsPort) return;

  const server = http.createServer((request, response) => {
    const isMetrics = request.method === 'GET' && request.url?.split('?')[0] === '/metrics';
    if (!isMetrics || !isOperator(ctx, request.headers.authorization)) {
      response.writeHead(isMetrics ? 401 : 404, isMetrics ? CHALLENGE : {}).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      (error) => {
        app.log.error({ err: error }, 'metrics not collected');
        response.writeHead(500).end();
      },
    );
  });
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(metricsPort, ctx.config.metricsHost, resolve);
    });
  });
  app.addHook('onClose', async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
}
