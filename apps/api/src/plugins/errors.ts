import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { generalProblem, type ProblemCode, type ProblemDetails, problems } from '@tanqin/shared';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from 'fastify';
import { isDatabaseInputError } from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';
import { declareProblem } from '../lib/contract.ts';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
};

declare module 'fastify' {
  interface FastifyReply {
    /** The problem code of the answer, once a problem is sent (counted in /metrics). */
    problemCode: ProblemCode | null;
  }
}

export function sendProblem(
  reply: FastifyReply,
  status: number,
  code: ProblemCode,
  detail: string,
  extra: Partial<ProblemDetails> = {},
) {
  reply.problemCode = code;
  return reply
    .code(status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(problemBody(status, code, detail, extra));
}

const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

function problemBody(
  status: number,
  code: ProblemCode,
  detail: string,
  extra: Partial<ProblemDetails> = {},
): ProblemDetails {
  return {
    type: `https://tanqin.sa/problems/${code.replaceAll('_', '-')}`,
    title: titles[status] ?? 'Error',
    status,
    detail,
    code,
    detail_ar: problems[code].ar,
    ...extra,
  };
}

/** Time a refused client gets to read the answer while it may still be sending its request. */
const CLIENT_ERROR_LINGER_MS = 1000;

/**
 * Node's HTTP parser refuses some requests before fastify sees them: a URL and headers over 16 KB
 * (Node's maxHeaderSize), malformed HTTP, headers sent too slowly. They get problem+json too,
 * written on the socket; the socket half-closes so the answer is read before the connection ends.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ProblemCode =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'headers_too_large'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'request_timeout'
        : 'bad_request';
  const { status, en } = problems[code];
  if (socket.writable) {
    const body = JSON.stringify(problemBody(status, code, en));
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS).unref();
}

/** Maps fastify's own client errors (body parsing, size) to stable problem codes. */
function frameworkProblem(error: FastifyError): [number, ProblemCode, string] | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return [413, 'payload_too_large', 'The request body is too large'];
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return [415, 'unsupported_media_type', 'Send the body as application/json'];
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return [400, 'invalid_json', 'The body is not valid JSON'];
  }
  if (error instanceof SyntaxError) return [400, 'invalid_json', 'The body is not valid JSON'];
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return [status, generalProblem(status), error.message];
  }
  return undefined;
}

/** Methods whose request body Fastify parses (so any route of theirs may answer its refusals). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The body refusals above, declared on every API route with a body (documents, contract checks). */
function declareBodyProblems(route: RouteOptions) {
  const responses = route.schema?.response as Record<string, unknown> | undefined;
  const methods = [route.method].flat();
  if (!responses || !methods.some((method) => BODY_METHODS.has(method))) return;
  declareProblem(responses, 'invalid_json', 'a body was sent that is not JSON');
  declareProblem(responses, 'payload_too_large', 'a body was sent over the size limit');
  declareProblem(responses, 'unsupported_media_type', 'a body was sent as another media type');
}

export function registerErrorHandling(app: FastifyInstance) {
  app.decorateReply('problemCode', null);
  app.addHook('onRoute', declareBodyProblems);
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.extra.headers) reply.headers(error.extra.headers);
      return sendProblem(reply, error.status, error.code, error.message, {
        ...(error.extra.errors && { errors: error.extra.errors }),
        detail_ar: error.detailAr,
      });
    }
    const known = frameworkProblem(error);
    if (known) return sendProblem(reply, ...known);
    if (isDatabaseInputError(error)) {
      // A value the schemas let through but the database refuses: a gap in a schema, logged to fix.
      request.log.warn({ err: error }, 'database refused an input value');
      return sendProblem(reply, 400, 'bad_request', 'A value in the request cannot be stored');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, 500, 'internal_error', 'An unexpected error occurred');
  });
}
