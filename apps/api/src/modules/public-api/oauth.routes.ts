import {
  oauthTokenRequestSchema,
  oauthTokenResponseSchema,
  SCOPES,
  type Scope,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import type { AppError } from '../../lib/app-error.ts';
import type { ContractApp } from '../../lib/contract.ts';
import { authenticateClientCredentials, issueAccessToken } from './client-auth.ts';
import { oauthError, oauthErrorHandler, oauthErrors } from './oauth-errors.ts';
import { noteCaller } from './request-caller.ts';
import { noStoreHeader } from './v1-answers.ts';

/** POST /v1/oauth/token: OAuth 2.0 client credentials (RFC 6749 section 4.4). Not billed. */
export async function oauthRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  app.post(
    '/oauth/token',
    {
      schema: {
        operationId: 'createAccessToken',
        summary: 'OAuth 2.0 client credentials (RFC 6749 section 4.4)',
        description:
          'Client authentication by HTTP Basic (`client_secret_basic`: ' +
          '`Authorization: Basic base64(client_id:client_secret)`, URL-encoded as RFC 6749 ' +
          '2.3.1 says) or in the body (`client_secret_post`), not both. The credentials are an ' +
          "API key with its api_secret, or the organisation's client_id with its " +
          'client_secret. No X-Client-Id; not billed. Every failure answers an RFC 6749 error.',
        security: [],
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: oauthTokenRequestSchema,
        response: {
          200: {
            description: 'An access token',
            headers: {
              'Cache-Control': noStoreHeader('Never cache the token'),
              Pragma: { required: true, schema: { type: 'string', const: 'no-cache' } },
            },
            content: { 'application/json': { schema: oauthTokenResponseSchema } },
          },
          400: oauthErrors(
            'invalid_request (no grant_type, a field that is not text, Basic and client_secret ' +
              'together, or a body that is not JSON), unsupported_grant_type or invalid_scope',
            ['unsupported_grant_type', 'invalid_request', 'invalid_scope'],
            'Only client_credentials is supported',
          ),
          401: {
            ...oauthErrors(
              'invalid_client: missing, malformed, unknown or wrong client credentials, or a ' +
                'disabled or expired API key',
              ['invalid_client'],
              'Invalid client credentials',
            ),
            headers: {
              'WWW-Authenticate': {
                description: 'When the client authenticated with HTTP Basic',
                schema: { type: 'string', const: 'Basic realm="tanqin"' },
              },
            },
          },
          413: oauthErrors('invalid_request: the body is over 64 KiB', ['invalid_request']),
          415: oauthErrors(
            'invalid_request: send application/x-www-form-urlencoded or application/json',
            ['invalid_request'],
          ),
          500: oauthErrors('server_error: nothing the client can fix', ['server_error']),
          503: oauthErrors('temporarily_unavailable: retry shortly', ['temporarily_unavailable']),
        },
      },
      // A field that is not text is an RFC 6749 invalid_request, answered below.
      attachValidation: true,
      errorHandler: oauthErrorHandler,
    },
    async (request, reply) => {
      if (request.validationError) {
        const invalid = request.validationError as unknown as AppError;
        const fields = new Set((invalid.extra?.errors ?? []).map((field) => field.path));
        fields.delete('');
        return oauthError(
          reply,
          400,
          'invalid_request',
          `Invalid ${[...fields].join(', ') || 'body'}`,
        );
      }
      const body = request.body;
      const authorization = request.headers.authorization ?? '';
      const isBasic = /^basic /i.test(authorization);
      let clientId = body.client_id;
      let clientSecret = body.client_secret;
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
      const grantType = body.grant_type;
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
        return oauthError(
          reply,
          401,
          'invalid_client',
          'Client authentication is required',
          isBasic,
        );
      }
      const result = await authenticateClientCredentials(ctx, clientId, clientSecret);
      if (!result)
        return oauthError(reply, 401, 'invalid_client', 'Invalid client credentials', isBasic);
      noteCaller(request, result.caller);
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
      const requested = body.scope;
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
      const { accessToken, expiresIn } = await issueAccessToken(
        ctx,
        caller,
        result.caller.apiKeyId ? clientId : null,
        result.credentialVersion,
        result.secret,
      );
      reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
      return {
        access_token: accessToken,
        token_type: 'Bearer' as const,
        expires_in: expiresIn,
        scope: scopes.join(' '),
      };
    },
  );
}
