import { STATUS_CODES } from 'node:http';
import { type ProblemCode, problemSchemaOf, problems } from '@tanqin/shared';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { z } from 'zod';
import { validationProblem } from './validate.ts';

/*
 * How a route declares its contract (docs/contracts.md has the whole story):
 *
 *   app.post('/things', {
 *     schema: {
 *       summary: 'Create a thing',
 *       body: createThingSchema,                 // zod schemas from packages/shared
 *       response: { 201: thingSchema, ...problemResponses(['validation_failed', 'unauthenticated']) },
 *     },
 *     preValidation: member.check,               // who may call, settled before the body is read
 *   }, async (request) => createThing(ctx, member.of(request), request.body));
 *
 * Fastify validates params, querystring and body with the schemas (a failure is the usual 400
 * `validation_failed` problem) and serialises each answer through the schema of its status:
 * a key the schema does not name never leaves the server. The same schemas make the OpenAPI
 * documents (plugins/openapi.ts) and the web app's and SDK's types.
 */

/**
 * Requests are typed by what the schemas parse to; answers by what the schemas accept, so a
 * handler may hand over a Date where the answer has a timestamp text.
 */
export interface ContractTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** What a routes plugin receives: an instance typed by its routes' zod schemas. */
export type ContractApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ContractTypeProvider
>;

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: validationProblem(result.error) };
  };

/** An answer its own schema refuses: a bug of the server, logged with what did not match. */
export class ResponseContractError extends Error {
  constructor(method: string, url: string, status: string, error: z.ZodError) {
    const issues = error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
      .join('; ');
    super(`The ${status} answer of ${method} ${url} does not match its schema: ${issues}`);
  }
}

export const serializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema, method, url, httpStatus }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (!result.success) {
      throw new ResponseContractError(method, url, httpStatus ?? '', result.error);
    }
    return JSON.stringify(result.data);
  };

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

/**
 * The problem answers of an operation, grouped by status: a list of codes, or codes with when
 * each is sent; `summary` heads each status's description in the OpenAPI document.
 */
export function problemResponses(
  codes: readonly ProblemCode[] | Partial<Record<ProblemCode, string>>,
  summary?: string,
) {
  const when: Partial<Record<ProblemCode, string>> = Array.isArray(codes)
    ? Object.fromEntries(codes.map((code) => [code, '']))
    : codes;
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of Object.keys(when) as ProblemCode[]) {
    const { status } = problems[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<
    number,
    {
      description: string;
      content: { [PROBLEM_MEDIA_TYPE]: { schema: ReturnType<typeof problemSchemaOf> } };
    }
  > = {};
  for (const [status, list] of byStatus) {
    const lines = list.map((code) => `- \`${code}\`${when[code] ? `: ${when[code]}` : ''}`);
    responses[status] = {
      description: [summary ?? STATUS_CODES[status] ?? 'Error', ...lines].join('\n'),
      content: { [PROBLEM_MEDIA_TYPE]: { schema: problemSchemaOf(status, list) } },
    };
  }
  return responses;
}

/**
 * A check of who is calling, run before the request is validated (so a stranger learns nothing
 * from a 400), whose result the handler reads: `preValidation: guard.check` on the route, then
 * `guard.of(request)` in the handler.
 */
export function guard<T>(check: (request: FastifyRequest, reply: FastifyReply) => Promise<T>) {
  const results = new WeakMap<FastifyRequest, T>();
  return {
    check: async (request: FastifyRequest, reply: FastifyReply) => {
      results.set(request, await check(request, reply));
    },
    of: (request: FastifyRequest): T => {
      if (!results.has(request)) throw new Error('guard.of() on a route without its check');
      return results.get(request) as T;
    },
  };
}
