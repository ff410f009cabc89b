import { problemSchemaOf } from '@tanqin/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { PROBLEM_MEDIA_TYPE } from '../lib/contract.ts';

/** Seconds a shed caller is asked to wait (Retry-After). */
const RETRY_AFTER_S = 1;

const isApiRequest = (request: FastifyRequest) =>
  request.url.startsWith('/api/') || request.url.startsWith('/v1/');

type Responses = Record<string, unknown>;

/** Response declarations already given theirs (a GET route and its HEAD share one). */
const declared = new WeakSet<Responses>();

/** Declares the 503 `overloaded` answer on every API route (documents and contract checks). */
function declareOverloaded(responses: Responses) {
  if (declared.has(responses)) return;
  declared.add(responses);
  const overloaded = problemSchemaOf(503, ['overloaded']);
  const existing = responses[503] as
    | { description: string; content: Record<string, { schema: z.ZodType }> }
    | undefined;
  const problem = existing?.content?.[PROBLEM_MEDIA_TYPE];
  if (existing && !problem) return; // The route answers its own 503 shape (RFC 6749).
  responses[503] = {
    description: [existing?.description, '`overloaded`: retry after Retry-After seconds']
      .filter(Boolean)
      .join('\n'),
    content: {
      ...existing?.content,
      [PROBLEM_MEDIA_TYPE]: {
        schema: problem ? z.union([problem.schema, overloaded]) : overloaded,
      },
    },
  };
}

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
    const responses = route.schema?.response as Responses | undefined;
    if (responses && /^\/(api|v1)\//.test(route.url)) declareOverloaded(responses);
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRequest(request)) return;
    if (inFlight >= maxConcurrent) {
      throw new AppError('overloaded', 'The server is busy; retry shortly', {
        headers: { 'Retry-After': String(RETRY_AFTER_S) },
      });
    }
    inFlight++;
    // Counted until the answer is sent or the caller goes away, whichever comes first.
    reply.raw.once('close', () => {
      inFlight--;
    });
  });
}
