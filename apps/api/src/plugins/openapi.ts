import { isDeepStrictEqual } from 'node:util';
import swagger, { formatParamUrl } from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';

type Document = OpenAPIV3_1.Document;
type Json = Record<string, unknown>;

export interface OpenApiOptions {
  info: OpenAPIV3_1.InfoObject;
  servers?: OpenAPIV3_1.ServerObject[];
  security?: OpenAPIV3_1.SecurityRequirementObject[];
  securitySchemes?: Record<string, OpenAPIV3_1.SecuritySchemeObject>;
}

/**
 * What a route's response declares beyond its schema, for the document only: headers (OpenAPI
 * header objects) and an example per media type.
 */
interface ResponseExtras {
  headers?: Record<string, OpenAPIV3_1.HeaderObject>;
  content?: Record<string, { example?: unknown }>;
}

const SCHEMAS = '#/components/schemas/';

/** The `$ref` names a node reaches, directly. */
function refsIn(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMAS)) {
        found.add(value.slice(SCHEMAS.length));
      } else refsIn(value, found);
    }
  }
  return found;
}

function renameRefs(node: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(node)) return node.map((item) => renameRefs(item, names));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMAS)) {
        const name = value.slice(SCHEMAS.length);
        return [key, `${SCHEMAS}${names.get(name) ?? name}`];
      }
      return [key, renameRefs(value, names)];
    }),
  );
}

/**
 * The zod provider names every registered schema twice (`X` as answered, `XInput` as sent) and
 * lists all of them. Keep only those the document uses, and call a schema used one way only,
 * or the same both ways, by its plain name.
 */
function tidyComponents(document: Document): Document {
  const all = (document.components?.schemas ?? {}) as Record<string, Json>;
  const used = new Set<string>();
  const queue = [...refsIn(document.paths)];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (used.has(name) || !all[name]) continue;
    used.add(name);
    queue.push(...refsIn(all[name]));
  }
  const names = new Map<string, string>();
  for (const name of used) {
    if (!name.endsWith('Input')) continue;
    const plain = name.slice(0, -'Input'.length);
    if (!used.has(plain) || isDeepStrictEqual(all[name], all[plain])) names.set(name, plain);
  }
  const schemas: Record<string, unknown> = {};
  for (const name of [...used].sort()) {
    const target = names.get(name) ?? name;
    if (!(target in schemas)) schemas[target] = renameRefs(all[name], names);
  }
  return renameRefs(
    { ...document, components: { ...document.components, schemas } },
    names,
  ) as Document;
}

/** Puts each route's response headers and examples into its operation. */
function addResponseExtras(document: Document, routes: RouteOptions[]) {
  for (const route of routes) {
    const responses = (route.schema?.response ?? {}) as Record<string, ResponseExtras>;
    const methods = [route.method].flat().map((method) => method.toLowerCase());
    for (const method of methods) {
      const operation = (document.paths?.[formatParamUrl(route.url)] as Json | undefined)?.[
        method
      ] as OpenAPIV3_1.OperationObject | undefined;
      if (!operation) continue;
      for (const [status, extras] of Object.entries(responses)) {
        const response = operation.responses?.[status] as OpenAPIV3_1.ResponseObject | undefined;
        if (!response) continue;
        if (extras.headers) response.headers = extras.headers;
        for (const [mediaType, media] of Object.entries(extras.content ?? {})) {
          const target = response.content?.[mediaType];
          if (target && media.example !== undefined) target.example = media.example;
        }
      }
    }
  }
}

/**
 * Describes the routes of a scope (`/v1` or `/api/v1`) as an OpenAPI 3.1 document generated
 * from their zod schemas, served at `<prefix>/openapi.json`. Register it in the scope before
 * the routes.
 */
export async function registerOpenApi(scope: FastifyInstance, options: OpenApiOptions) {
  const routes: RouteOptions[] = [];
  const toOpenApi = createJsonSchemaTransform({ skipList: [] });
  scope.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD') routes.push(route);
  });
  await scope.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: options.info,
      servers: options.servers,
      security: options.security,
      components: { securitySchemes: options.securitySchemes },
    },
    convertConstToEnum: false,
    // A route that declares no answers is left out: the documentation test then names it.
    transform: (route) =>
      route.schema?.response ? toOpenApi(route) : { schema: { hide: true }, url: route.url },
    transformObject: (input) => {
      const document = createJsonSchemaTransformObject({})(input) as Document;
      addResponseExtras(document, routes);
      return tidyComponents(document);
    },
  });
  scope.get('/openapi.json', { schema: { hide: true } }, async () => scope.swagger());
}
