import { SCOPES, type Scope } from '@tanqin/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import {
  authenticateClientCredentials,
  issueAccessToken,
  OAUTH_TOKEN_TTL_SECONDS,
} from './client-auth.ts';

/** RFC 6749 section 5.2 errors: the one place where errors are not problem+json. */
function oauthError(
  reply: FastifyReply,
  status: 400 | 401,
  error: string,
  description: string,
  isBasic = false,
) {
  if (status === 401 && isBasic) reply.header('WWW-Authenticate', 'Basic realm="tanqin"');
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header('Pragma', 'no-cache')
    .send({ error, error_description: description });
}

const asString = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** POST /v1/oauth/token: OAuth 2.0 client credentials (RFC 6749 section 4.4). Not billed. */
export async function oauthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post('/oauth/token', async (request, reply) => {
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
      string,
      unknown
    >;
    const authorization = request.headers.authorization ?? '';
    const isBasic = /^basic /i.test(authorization);
    let clientId = asString(body.client_id);
    let clientSecret = asString(body.client_secret);
    if (isBasic) {
      if (clientSecret !== undefined) {
        return oauthError(
          reply,
          400,
          'invalid_request',
          'Use one client authentication method, not two',
        );
      }
      const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0)
        return oauthError(reply, 401, 'invalid_client', 'Malformed Basic credentials', true);
      try {
        clientId = decodeURIComponent(decoded.slice(0, colon).replaceAll('+', ' '));
        clientSecret = decodeURIComponent(decoded.slice(colon + 1).replaceAll('+', ' '));
      } catch {
        return oauthError(reply, 401, 'invalid_client', 'Malformed Basic credentials', true);
      }
    }
    const grantType = asString(body.grant_type);
    if (!grantType) return oauthError(reply, 400, 'invalid_request', 'grant_type is required');
    if (grantType !== 'client_credentials') {
      return oauthError(
        reply,
        400,
        'unsupported_grant_type',
        'Only client_credentials is supported',
      );
    }
    if (!clientId || !clientSecret) {
      return oauthError(reply, 401, 'invalid_client', 'Client authentication is required', isBasic);
    }
    const result = await authenticateClientCredentials(ctx, clientId, clientSecret);
    if (!result)
      return oauthError(reply, 401, 'invalid_client', 'Invalid client credentials', isBasic);
    if (!result.keyActive || (result.keyExpiresAt && result.keyExpiresAt <= ctx.clock.now())) {
      return oauthError(
        reply,
        401,
        'invalid_client',
        'This API key is disabled or expired',
        isBasic,
      );
    }
    let scopes = result.caller.scopes;
    const requested = asString(body.scope);
    if (requested !== undefined) {
      const wanted = requested.split(' ').filter(Boolean);
      if (
        wanted.some(
          (scope) =>
            !(SCOPES as readonly string[]).includes(scope) || !scopes.includes(scope as Scope),
        )
      ) {
        return oauthError(
          reply,
          400,
          'invalid_scope',
          'The requested scope exceeds what this client may use',
        );
      }
      scopes = wanted as Scope[];
    }
    const caller = { ...result.caller, scopes };
    const accessToken = await issueAccessToken(
      ctx,
      caller,
      result.caller.apiKeyId ? clientId : null,
    );
    reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: OAUTH_TOKEN_TTL_SECONDS,
      scope: scopes.join(' '),
    };
  });
}
