import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { maskCodes } from '../../lib/code-mask.ts';
import { hasValidChecksum, isApiKeyFormat, SECRET_PREFIX } from '../../lib/secret-format.ts';
import { callerOf, oauthClientId } from '../public-api/index.ts';
import type { LoggedCall, RequestLogWriter } from './request-log.writer.ts';

/** The problem code of a 4xx/5xx answer (`code`, or `error` for the OAuth token endpoint's RFC 6749 body). */
const PROBLEM_CODE = /"(?:code|error)":"([a-z][a-z0-9_]{0,60})"/;
const problemCodes = new WeakMap<FastifyRequest, string>();
const receivedAt = new WeakMap<FastifyRequest, Date>();

/** The API key named by Basic credentials (its public half only), when it has our format. */
function basicUser(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization ?? '';
  if (!/^basic /i.test(authorization)) return undefined;
  const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
  return decoded.slice(0, Math.max(0, decoded.indexOf(':')));
}

/**
 * What an unauthenticated call presented, to find the organisation it was aimed at when the
 * row is written: the client id and the API key, only when their checksums hold (junk is
 * nobody's). Secrets are never kept.
 */
function presented(request: FastifyRequest) {
  const header = request.headers['x-client-id'];
  const candidates = [
    Array.isArray(header) ? header[0] : header,
    basicUser(request),
    request.url.startsWith('/v1/oauth/token') ? oauthClientId(request) : undefined,
  ];
  return {
    presentedClientId:
      candidates.find((value) => hasValidChecksum(SECRET_PREFIX.clientId, value)) ?? null,
    presentedApiKey: candidates.find((value) => isApiKeyFormat(value)) ?? null,
  };
}

/**
 * Logs every /v1 call (admitted, refused, or failed authentication aimed at an organisation)
 * after its answer is sent: the hot path only hands a small object to the buffered writer.
 */
export function logApiRequests(app: FastifyInstance, writer: RequestLogWriter, clock: Clock) {
  // Callback hooks, not async ones: each async hook costs every /v1 call a promise and a turn.
  app.addHook('onRequest', (request, _reply, done) => {
    receivedAt.set(request, clock.now());
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && typeof payload === 'string') {
      const code = PROBLEM_CODE.exec(payload.slice(0, 2000))?.[1];
      if (code) problemCodes.set(request, code);
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    logCall(request, reply);
    done();
  });

  function logCall(request: FastifyRequest, reply: FastifyReply) {
    if (request.routeOptions.url === '/v1/openapi.json') return;
    const caller = callerOf(request);
    const call: LoggedCall = {
      at: receivedAt.get(request) ?? clock.now(),
      method: request.method,
      path: maskCodes(request.url.split('?')[0]!.slice(0, 300)),
      status: reply.statusCode,
      code: problemCodes.get(request) ?? null,
      latencyMs: Math.round(reply.elapsedTime * 10) / 10,
      clientIp: request.ip,
      organizationId: caller?.organizationId ?? null,
      apiKeyId: caller?.apiKeyId ?? null,
      apiKeyName: caller?.keyName ?? null,
      isTest: caller?.isTest ?? false,
      ...(caller ? { presentedClientId: null, presentedApiKey: null } : presented(request)),
    };
    if (call.organizationId || call.presentedClientId || call.presentedApiKey) writer.record(call);
  }
}
