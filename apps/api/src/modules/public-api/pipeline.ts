import type { Scope } from '@tanqin/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { isForeignKeyViolation } from '../../db/database.ts';
import type { ApiCaller, RequestMeta } from '../../lib/api-caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { dropCached } from '../../lib/invalidation/invalidated-cache.ts';
import { rateWindows } from '../../lib/rate-limit/rate-windows.ts';
import { Refusal, refusedCallEvent } from '../../lib/refusal.ts';
import {
  countryGuard,
  keyIpsCheck,
  noteFailure,
  organizationAimedAt,
  recordSecurityEvent,
  trustedIpGuard,
} from '../security/index.ts';
import { authenticateApiCall } from './client-auth.ts';
import { noteCaller } from './request-caller.ts';

export function requestMeta(request: FastifyRequest): RequestMeta {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    path: request.url.split('?')[0]!,
    method: request.method,
  };
}

function keyIpGuard(caller: ApiCaller, meta: RequestMeta) {
  if (keyIpsCheck(caller.allowedIps, meta.ip).outcome !== 'refuse') return;
  throw new Refusal(
    new AppError('ip_not_allowed', `Requests from ${meta.ip} are not allowed for this key`),
    {
      type: 'ip_blocked',
      severity: 'warning',
      description: `Request from ${meta.ip} refused: not in the key's allowed IPs`,
    },
  );
}

function scopeGuard(caller: ApiCaller, anyOf: Scope[]) {
  if (anyOf.some((scope) => caller.scopes.includes(scope))) return;
  throw new Refusal(
    new AppError('insufficient_scope', `This call needs the scope ${anyOf.join(' or ')}`),
    {
      type: 'invalid_scope',
      severity: 'warning',
      description: `Call without the scope ${anyOf.join(' or ')}`,
      additionalData: { required: anyOf, granted: caller.scopes },
    },
  );
}

/** Per-minute and per-hour sliding windows, consumed all-or-nothing, with the IETF headers. */
async function rateLimitGuard(ctx: AppContext, caller: ApiCaller, reply: FastifyReply) {
  const windows = rateWindows(caller, {
    perMinute: caller.ratePerMinute,
    perHour: caller.ratePerHour,
  });
  const result = await ctx.rateLimits.consume(windows, ctx.clock.now().getTime());
  const names = ['minute', 'hour'];
  reply.header(
    'RateLimit-Policy',
    windows.map((w, i) => `"${names[i]}";q=${w.limit};w=${w.windowMs / 1000}`).join(', '),
  );
  reply.header(
    'RateLimit',
    result.states
      .map(
        (s, i) =>
          `"${names[i]}";r=${Math.max(0, s.window.limit - s.count)};t=${Math.ceil(s.resetMs / 1000)}`,
      )
      .join(', '),
  );
  if (result.allowed) return;
  const blocking = result.states.filter((s) => s.count >= s.window.limit);
  const retryAfter = Math.max(1, ...blocking.map((s) => Math.ceil(s.resetMs / 1000)));
  const which = blocking.map((s) => names[result.states.indexOf(s)]).join(' and ');
  throw new Refusal(
    new AppError('rate_limited', `Rate limit per ${which} exceeded; retry in ${retryAfter} s`, {
      headers: { 'Retry-After': String(retryAfter) },
    }),
    {
      type: 'rate_limit_exceeded',
      severity: 'warning',
      description: `Rate limit per ${which} exceeded`,
    },
  );
}

/**
 * The /v1 request pipeline, in the order of ARCHITECTURE.md section 5: key known, active and
 * unexpired -> IP allowed -> country allowed -> scope -> rate limits. Every refusal answers with
 * its problem and leaves a security event for the organisation.
 */
export async function admitApiCall(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  anyOfScopes: Scope[],
): Promise<{ caller: ApiCaller; meta: RequestMeta }> {
  const meta = requestMeta(request);
  let authenticated: Awaited<ReturnType<typeof authenticateApiCall>>;
  try {
    authenticated = await authenticateApiCall(ctx, request.headers);
  } catch (error) {
    if (error instanceof AppError && FAILED_AUTHENTICATION.has(error.code)) {
      const clientId = request.headers['x-client-id'];
      outcomes.set(request, {
        failedAuthentication: Array.isArray(clientId) ? clientId[0] : clientId,
      });
    }
    throw error;
  }
  const { caller, keyActive, keyExpiresAt } = authenticated;
  noteCaller(request, caller);
  if (caller.apiKeyId) callingKeys.set(request, caller.apiKeyId);
  try {
    if (!keyActive) {
      throw new Refusal(new AppError('key_inactive'), {
        type: 'key_disabled',
        severity: 'info',
        description: 'Call with a disabled API key refused',
      });
    }
    if (keyExpiresAt && keyExpiresAt <= ctx.clock.now()) {
      throw new Refusal(new AppError('key_expired'), {
        type: 'key_disabled',
        severity: 'info',
        description: 'Call with an expired API key refused',
      });
    }
    keyIpGuard(caller, meta);
    await trustedIpGuard(ctx, caller, meta);
    await countryGuard(ctx, caller, meta);
    scopeGuard(caller, anyOfScopes);
    await rateLimitGuard(ctx, caller, reply);
  } catch (error) {
    if (error instanceof Refusal) {
      await recordSecurityEvent(ctx, { ...refusedCallEvent(caller, meta), ...error.event });
    }
    throw error;
  }
  outcomes.set(request, { admitted: caller });
  return { caller, meta };
}

/** The API key a request authenticated with, while its credential was read from a cache. */
const callingKeys = new WeakMap<FastifyRequest, string>();

/**
 * A key deleted by another process while this one still held its credential: the rows the
 * call writes name a key that is gone (foreign key violation). The caller gets what a deleted
 * key gets, 401, and this process forgets the key (the deletion's own notice may be on its way).
 */
export function refuseVanishedKeys(app: FastifyInstance) {
  app.setErrorHandler((error, request) => {
    const apiKeyId = callingKeys.get(request);
    if (apiKeyId && isForeignKeyViolation(error, 'api_key_id')) {
      dropCached('api-key', apiKeyId);
      throw new AppError('invalid_api_key', 'Invalid API credentials');
    }
    throw error;
  });
}

const FAILED_AUTHENTICATION = new Set(['invalid_api_key', 'invalid_token', 'client_id_mismatch']);
/** What the pipeline learnt about a request, for the failure watch below. */
const outcomes = new WeakMap<
  FastifyRequest,
  { admitted: ApiCaller } | { failedAuthentication: string | undefined }
>();

/** The client id a /v1/oauth/token request presented (Basic user name or body). */
export function oauthClientId(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization ?? '';
  if (/^basic /i.test(authorization)) {
    const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
    return decoded.slice(0, Math.max(0, decoded.indexOf(':')));
  }
  const body = request.body as { client_id?: unknown } | undefined;
  return typeof body?.client_id === 'string' ? body.client_id : undefined;
}

/**
 * Watches /v1 answers for bursts of failures from one address (suspicious_activity): failed
 * authentications (pipeline or /v1/oauth/token) against an organisation, and verifies of unknown
 * codes. Runs before the answer is sent, on failures only; it never changes the answer.
 */
export function watchFailedCalls(app: FastifyInstance, ctx: AppContext) {
  // A callback hook: an answer that is no failure passes without a promise of its own.
  app.addHook('onSend', (request, reply, payload, done) => {
    const status = reply.statusCode;
    if (status !== 401 && status !== 404) return done(null, payload);
    void watchFailure(request, status).then(() => done(null, payload));
  });

  async function watchFailure(request: FastifyRequest, status: number) {
    try {
      const outcome = outcomes.get(request);
      const meta = requestMeta(request);
      const source = {
        ip: meta.ip,
        userAgent: meta.userAgent,
        path: meta.path,
        method: meta.method,
      };
      if (status === 404 && outcome && 'admitted' in outcome) {
        if (meta.path !== '/v1/tokens/verify') return;
        await noteFailure(ctx, 'verification', {
          ...source,
          organizationId: outcome.admitted.organizationId,
          apiKeyId: outcome.admitted.apiKeyId,
          apiKeyName: outcome.admitted.keyName,
          isTest: outcome.admitted.isTest,
        });
        return;
      }
      if (status !== 401) return;
      const clientId =
        outcome && 'failedAuthentication' in outcome
          ? outcome.failedAuthentication
          : meta.path === '/v1/oauth/token'
            ? oauthClientId(request)
            : undefined;
      const organizationId = await organizationAimedAt(ctx, clientId);
      if (organizationId) await noteFailure(ctx, 'authentication', { ...source, organizationId });
    } catch (error) {
      request.log.error({ err: error }, 'failure watch failed');
    }
  }
}
