import { type OAuthErrorCode, oauthErrorSchemaOf } from '@tanqin/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

/** RFC 6749 section 5.2 errors: the one place where errors are not problem+json. */
export function oauthError(
  reply: FastifyReply,
  status: number,
  error: OAuthErrorCode,
  description: string,
  isBasic = false,
) {
  if (status === 401 && isBasic) reply.header('WWW-Authenticate', 'Basic realm="tanqin"');
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header('Pragma', 'no-cache')
    .type('application/json; charset=utf-8')
    .send({ error, error_description: description });
}

const frameworkDescriptions: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the body as application/x-www-form-urlencoded or JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is not valid JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON',
};

/**
 * The token endpoint's own error handler: whatever fails (media type, malformed or over-large
 * body, a refusal before the handler, a bug) still answers an RFC 6749 error, never problem+json.
 */
export function oauthErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error instanceof AppError ? error.status : (error.statusCode ?? 500);
  if (error instanceof AppError && error.extra.headers) reply.headers(error.extra.headers);
  if (status === 503) return oauthError(reply, 503, 'temporarily_unavailable', error.message);
  if (status >= 500) {
    request.log.error({ err: error }, 'unhandled error');
    return oauthError(reply, 500, 'server_error', 'An unexpected error occurred');
  }
  if (status === 401) return oauthError(reply, 401, 'invalid_client', error.message);
  const description =
    frameworkDescriptions[error.code] ??
    (error instanceof SyntaxError ? 'The body is not valid JSON' : error.message);
  return oauthError(reply, status, 'invalid_request', description);
}

/** An RFC 6749 error answer: what each error means for this endpoint, in the document. */
export function oauthErrors(description: string, errors: OAuthErrorCode[], example?: string) {
  const schema = oauthErrorSchemaOf(errors);
  return {
    description,
    content: {
      'application/json': {
        schema,
        ...(example && { example: { error: errors[0], error_description: example } }),
      },
    },
  };
}
