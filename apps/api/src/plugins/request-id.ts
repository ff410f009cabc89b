import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * An id a proxy may have given (nginx's `$request_id` is 32 hex digits): short, of letters, digits
 * and a few separators, so it cannot forge log lines or headers.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request's id: the proxy's `X-Request-Id` when it looks sane, else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Every answer names its request's id (`X-Request-Id`), as every log line of the request does
 * (pino's `reqId`), so a caller's report and the proxy's log lead to the server's lines.
 */
export function registerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
