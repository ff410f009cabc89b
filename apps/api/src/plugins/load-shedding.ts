import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { declareProblem } from '../lib/contract.ts';

/** Seconds a shed caller is asked to wait (Retry-After). */
const RETRY_AFTER_S = 1;

const isApiRequest = (request: FastifyRequest) =>
  request.url.startsWith('/api/') || request.url.startsWith('/v1/');

/**
 * Load shedding: at most `maxConcurrent` API requests are worked on at once; one more is
 * answered at once with 503 `overloaded` and Retry-After, instead of queueing behind the
 * database (one connection on PGlite) until every caller waits seconds. Requests admitted keep
 * a bounded wait. 0 turns it off.
 */
export function registerLoadShedding(app: FastifyInstance, maxConcurrent: number) {
  if (maxConcurrent <= 0) return;
  let inFlight = 0;
  app.addHook('onRoute', (route) => {
    const responses = route.schema?.response as Record<string, unknown> | undefined;
    if (responses && /^\/(api|v1)\//.test(route.url)) {
      declareProblem(responses, 'overloaded', 'retry after Retry-After seconds');
    }
  });
  // A callback hook, not an async one: no promise of its own on every request.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApiRequest(request)) return done();
    if (inFlight >= maxConcurrent) {
      return done(
        new AppError('overloaded', 'The server is busy; retry shortly', {
          headers: { 'Retry-After': String(RETRY_AFTER_S) },
        }),
      );
    }
    inFlight++;
    // Counted until the answer is sent or the caller goes away, whichever comes first.
    reply.raw.once('close', () => {
      inFlight--;
    });
    done();
  });
}
