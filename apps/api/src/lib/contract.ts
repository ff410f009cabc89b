import { STATUS_CODES } from 'node:http';
import { type ProblemCode, problemSchema, problemSchemaOf, problems } from '@tanqin/shared';
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
import { z } from 'zod';
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
    if (result.success) return JSON.stringify(result.data);
    // A problem with a code its route does not list still leaves as a problem; the API tests
    // report the missing code (plugins/contract-check.ts).
    const problem = /^[45]/.test(httpStatus ?? '') ? problemSchema.safeParse(data) : undefined;
    if (problem?.success) return JSON.stringify(problem.data);
    throw new ResponseContractError(method, url, httpStatus ?? '', result.error);
  };

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

/** A problem code, answered with its status in the table or, where a route says so, another. */
type ProblemAnswer = ProblemCode | { code: ProblemCode; status: number };

/**
 * The problem answers of an operation, grouped by status: a list of codes, or codes with when
 * each is sent; `summary` heads each status's description in the OpenAPI document.
 */
export function problemResponses(
  codes: readonly ProblemAnswer[] | Partial<Record<ProblemCode, string>>,
  summary?: string,
) {
  const list: ProblemAnswer[] = Array.isArray(codes)
    ? codes
    : (Object.keys(codes) as ProblemCode[]);
  const when = (Array.isArray(codes) ? {} : codes) as Partial<Record<ProblemCode, string>>;
  const byStatus = new Map<number, ProblemCode[]>();
  for (const answer of list) {
    const { code, status } =
      typeof answer === 'string' ? { code: answer, status: problems[answer].status } : answer;
    byStatus.set(status, [...new Set([...(byStatus.get(status) ?? []), code])]);
  }
  const responses: Record<
    number,
    {
      description: string;
      content: { [PROBLEM_MEDIA_TYPE]: { schema: ReturnType<typeof problemSchemaOf> } };
    }
  > = {};
  for (const [status, codesOfStatus] of byStatus) {
    const lines = codesOfStatus.map(
      (code) => `- \`${code}\`${when[code] ? `: ${when[code]}` : ''}`,
    );
    responses[status] = {
      description: [summary ?? STATUS_CODES[status] ?? 'Error', ...lines].join('\n'),
      content: { [PROBLEM_MEDIA_TYPE]: { schema: problemSchemaOf(status, codesOfStatus) } },
    };
  }
  return responses;
}

type RouteResponses = Record<string, unknown>;
type ProblemDeclaration = {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
};

/** A Problem schema that also allows `code`: its enum extended, or a union with it. */
function withCode(schema: z.ZodType, status: number, code: ProblemCode): z.ZodType {
  const codes = schema instanceof z.ZodObject ? schema.shape.code : undefined;
  if (codes instanceof z.ZodEnum) {
    return problemSchemaOf(status, [...(codes.options as ProblemCode[]), code]);
  }
  return schema.or(problemSchemaOf(status, [code]));
}

/** The codes each route's responses were given by `declareProblem` (GET and HEAD share one). */
const declaredProblems = new WeakMap<RouteResponses, Set<ProblemCode>>();

/**
 * Adds a problem answer that any route of its kind can give (the server's own refusals, before
 * the route's handler) to a route's declared responses, beside those it declares itself. A
 * status the route answers in another shape (RFC 6749 on the token endpoint) is left alone.
 */
export function declareProblem(responses: RouteResponses, code: ProblemCode, note: string) {
  const codes = declaredProblems.get(responses) ?? new Set<ProblemCode>();
  declaredProblems.set(responses, codes);
  if (codes.has(code)) return;
  codes.add(code);
  const { status } = problems[code];
  const added = problemSchemaOf(status, [code]);
  const existing = responses[status] as ProblemDeclaration | undefined;
  const problem = existing?.content?.[PROBLEM_MEDIA_TYPE];
  if ((existing && !problem) || existing?.description.includes(`\`${code}\``)) return;
  responses[status] = {
    description: [existing?.description ?? STATUS_CODES[status], `- \`${code}\`: ${note}`]
      .filter(Boolean)
      .join('\n'),
    content: {
      ...existing?.content,
      // One Problem whose code enum gains this code, when the existing one is such a Problem.
      [PROBLEM_MEDIA_TYPE]: { schema: problem ? withCode(problem.schema, status, code) : added },
    },
  };
}

/** No session, or one that has ended: the refusals of a route any open session may call. */
export const ANY_SESSION_PROBLEMS = ['unauthenticated', 'session_expired'] as const;
/**
 * A signed-in route's refusals before its handler: those, or the token of a registration not
 * confirmed yet (it only confirms the account and asks for a new code).
 */
export const SESSION_PROBLEMS = [...ANY_SESSION_PROBLEMS, 'account_unconfirmed'] as const;
/** The same, with when each is sent, for the routes that describe their problems one by one. */
export const SESSION_PROBLEM_TEXTS = {
  unauthenticated: 'no session',
  session_expired: 'the session has ended',
  account_unconfirmed: 'the account is not confirmed yet (a registration token)',
} as const satisfies Record<(typeof SESSION_PROBLEMS)[number], string>;
/** An organisation member's route: also not a member, or a role without the permission. */
export const MEMBER_PROBLEMS = [...SESSION_PROBLEMS, 'forbidden'] as const;
/** A member's route naming an organisation (path, query or body): another one's id is 404. */
export const OWN_ORGANIZATION_PROBLEMS = [
  ...MEMBER_PROBLEMS,
  'validation_failed',
  'not_found',
] as const;
/** A JSON body's refusals before the handler: not JSON, too large, another media type, invalid. */
export const BODY_PROBLEMS = [
  'validation_failed',
  'invalid_json',
  'payload_too_large',
  'unsupported_media_type',
] as const;

/** The problem answers of a dashboard route: the codes of each group, and a server error. */
export function problemAnswers(...groups: ReadonlyArray<readonly ProblemAnswer[]>) {
  return problemResponses([...groups.flat(), 'internal_error']);
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
