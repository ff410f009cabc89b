import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LoadState } from '../app-context.ts';
import { AppError } from '../lib/app-error.ts';
import { declareProblem } from '../lib/contract.ts';

/** Seconds a shed caller is asked to wait (Retry-After). */
const RETRY_AFTER_S = 1;

const isApiRequest = (request: FastifyRequest) =>
  request.url.startsWith('/api/') || request.url.startsWith('/v1/');

export interface LoadLimits {
  /** API requests worked on at once (0: no limit, nothing is queued or shed). */
  maxConcurrent: number;
  /** Requests that wait, in arrival order, for one of those places; one more is shed. */
  maxQueued: number;
}

/**
 * Load shedding: at most `maxConcurrent` API requests are worked on at once; the next
 * `maxQueued` wait in arrival order for a place (a burst of a few hundred callers is ordinary),
 * and only one more than both is answered at once with 503 `overloaded` and Retry-After, instead
 * of queueing without bound until every caller waits seconds.
 */
export function registerLoadShedding(app: FastifyInstance, limits: LoadLimits): LoadState {
  const { maxConcurrent, maxQueued } = limits;
  let inFlight = 0;
  // The waiting requests' continuations, in arrival order (a Set keeps insertion order).
  const waiting = new Set<() => void>();
  const admitNext = () => {
    const next = waiting.values().next();
    if (next.done) return;
    waiting.delete(next.value);
    next.value();
  };

  const state = { inFlight: () => inFlight, waiting: () => waiting.size };
  if (maxConcurrent <= 0) return state;
  app.addHook('onRoute', (route) => {
    const responses = route.schema?.response as Record<string, unknown> | undefined;
    if (responses && /^\/(api|v1)\//.test(route.url)) {
      declareProblem(responses, 'overloaded', 'retry after Retry-After seconds');
    }
  });
  // A callback hook, not an async one: no promise of its own on every request.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApiRequest(request)) return done();
    let admitted = false;
    const admit = () => {
      admitted = true;
      inFlight++;
      done();
    };
    if (inFlight < maxConcurrent) {
      admit();
    } else if (waiting.size < maxQueued) {
      waiting.add(admit);
    } else {
      return done(
        new AppError('overloaded', 'The server is busy; retry shortly', {
          headers: { 'Retry-After': String(RETRY_AFTER_S) },
        }),
      );
    }
    // Counted until the answer is sent or the caller goes away, whichever comes first; a caller
    // that goes away while waiting gives up its turn.
    reply.raw.once('close', () => {
      if (!admitted) return waiting.delete(admit);
      inFlight--;
      admitNext();
    });
  });
  return state;
}
