import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** The headers every answer carries, by name; the same for every request. */
export type SecurityHeaders = Readonly<Record<string, string>>;

/**
 * Strict headers: our own origin only, no inline script, no framing. helmet writes them; none of
 * its choices here depends on the request, so it runs once, against a response that only
 * records what is set, and each answer gets the recorded headers. Running its middleware per
 * request (eleven functions, the policy's text rebuilt, each header through Node's setHeader)
 * cost 3 % of the server's CPU on generate (docs/decisions/006-group-commit.md).
 */
export function securityHeadersFor(isHttps: boolean): SecurityHeaders {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly compiled from our own files, never script from text: the QR decoder of
        // the decrypt screen's camera (zxing-wasm, served from this origin).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: isHttps,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    // X-Powered-By: nothing here sets it.
    removeHeader: () => {},
  };
  let finished = false;
  setHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not give its headers at once');
  // The camera for our own pages only: the decrypt screen scans a code's QR.
  headers['permissions-policy'] = 'camera=(self), microphone=(), geolocation=()';
  return Object.freeze(headers);
}

/** Every answer that passes the hooks gets the headers (a route may still replace one). */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
