import type { FastifyRequest } from 'fastify';
import type { ApiCaller } from '../../lib/api-caller.ts';

const callers = new WeakMap<FastifyRequest, ApiCaller>();

/** Remembers who a /v1 request authenticated as, admitted or refused afterwards (for its log row). */
export function noteCaller(request: FastifyRequest, caller: ApiCaller) {
  callers.set(request, caller);
}

export function callerOf(request: FastifyRequest): ApiCaller | undefined {
  return callers.get(request);
}
