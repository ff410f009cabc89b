import type { FastifyRequest } from 'fastify';
import { maskCodes } from '../lib/code-mask.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * False: the log lines of this route's requests carry no client address (the contact form:
     * the privacy page promises its sender's address is not kept).
     */
    logClientAddress?: boolean;
  }
}

/**
 * A request as its log lines show it. A query string can carry what a person typed (a document's
 * file name): the path only, anything shaped like a one-time code masked. The client address helps trace abuse, except where a route opts out.
 */
export function serializeRequest(request: FastifyRequest) {
  const withAddress = request.routeOptions?.config?.logClientAddress !== false;
  return {
    method: request.method,
    url: maskCodes(request.url.split('?')[0]!),
    host: request.host,
    ...(withAddress && { remoteAddress: request.ip, remotePort: request.socket?.remotePort }),
  };
}
