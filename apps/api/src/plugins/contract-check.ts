import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';

type ResponseDeclaration = z.ZodType | { content: Record<string, { schema: z.ZodType }> };

/** The declaration of `status` among a route's responses: exact, `4xx`-style, or default. */
function declarationOf(responses: Record<string, ResponseDeclaration>, status: number) {
  return responses[status] ?? responses[`${String(status)[0]}xx`] ?? responses.default;
}

function violationOf(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): string | undefined {
  const responses = request.routeOptions.schema?.response as
    | Record<string, ResponseDeclaration>
    | undefined;
  if (!responses || typeof payload !== 'string') return undefined;
  const route = `${request.method} ${request.routeOptions.url}`;
  const declared = declarationOf(responses, reply.statusCode);
  if (!declared) return `${route} answered ${reply.statusCode}, a status it does not declare`;
  const mediaType = String(reply.getHeader('content-type') ?? '')
    .split(';')[0]!
    .trim();
  let schema: z.ZodType | undefined;
  if (declared instanceof z.ZodType) schema = declared;
  else {
    schema = declared.content[mediaType]?.schema;
    if (!schema) return `${route} answered ${reply.statusCode} as ${mediaType}, not declared`;
  }
  let body: unknown = payload;
  if (mediaType.endsWith('json')) {
    try {
      body = JSON.parse(payload);
    } catch {
      return `${route} answered ${reply.statusCode} with a body that is not JSON`;
    }
  }
  const result = schema.safeParse(body);
  if (result.success) return undefined;
  const issues = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
  return `${route} answered ${reply.statusCode} with a body its schema refuses: ${issues}`;
}

/**
 * Collects every registered route (the documentation test checks each is described), and, when
 * `onViolation` is given (the API tests), checks every answer of a route with declared responses
 * against the declaration of its status and media type.
 */
export function registerContractCheck(
  app: FastifyInstance,
  onViolation?: (message: string) => void,
): RouteOptions[] {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  if (onViolation) {
    app.addHook('onSend', async (request, reply, payload) => {
      const violation = violationOf(request, reply, payload);
      if (violation) onViolation(violation);
    });
  }
  return routes;
}
