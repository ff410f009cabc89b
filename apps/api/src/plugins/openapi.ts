import { isDeepStrictEqual } from 'node:util';
import swagger, { formatParamUrl } from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';

type Document = OpenAPIV3_1.Document;
type Json = Record<string, unknown>;

export interface OpenApiOptions {
  info: OpenAPIV3_1.InfoObject;
  servers?: OpenAPIV3_1.ServerObject[];
  security?: OpenAPIV3_1.SecurityRequirementObject[];
  securitySchemes?: Record<string, OpenAPIV3_1.SecuritySchemeObject>;
  /**
   * What the server sends, not answers (OpenAPI 3.1 `webhooks`: path items). Plain objects:
   * openapi-types cannot take a JSON Schema from zod as a 3.1 media type's schema.
   */
  webhooks?: Record<string, object>;
}

/**
 * What a route's response declares beyond its schema, for the document only: headers (OpenAPI
 * header objects) and an example per media type.
 */
interface ResponseExtras {
  headers?: Record<string, unknown>;
  content?: Record<string, { example?: unknown }>;
}

const SCHEMAS = '#/components/schemas/';

const JSON_TYPES = ['array', 'boolean', 'null', 'number', 'object', 'string'];

/**
 * `z.json()`: any JSON value, which zod writes as a union of the six types whose array and
 * object refer back to itself. Generators cannot turn that into a type (openapi-typescript
 * writes a type alias that refers to itself: TS2502), so it is left unconstrained, with its
 * description: `unknown` in TypeScript, any value to a validator, as before.
 */
function describesAnyJson(jsonSchema: z.core.JSONSchema.BaseSchema): boolean {
  const types = (jsonSchema.anyOf ?? []).map((branch) => (branch as { type?: unknown }).type);
  return types.length === JSON_TYPES.length && [...types].sort().join() === JSON_TYPES.join();
}

/**
 * zod drops the examples of a schema with transforms when it describes what is sent; ours are
 * written as sent (a request's example body), so they are kept. A union loses its alternatives
 * JSON Schema cannot state (as the provider's own override does).
 */
const zodToJsonConfig = {
  override: ({
    zodSchema,
    jsonSchema,
  }: {
    zodSchema: unknown;
    jsonSchema: z.core.JSONSchema.BaseSchema;
  }) => {
    const examples = (z.globalRegistry.get(zodSchema as z.ZodType) as { examples?: unknown[] })
      ?.examples;
    if (examples && !jsonSchema.examples) jsonSchema.examples = examples;
    if (describesAnyJson(jsonSchema)) delete jsonSchema.anyOf;
    if (jsonSchema.anyOf && (zodSchema as z.ZodType)._zod.def.type === 'union') {
      jsonSchema.anyOf = jsonSchema.anyOf.filter(
        (branch: object) => Object.keys(branch).length > 0,
      );
    }
  },
};

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
  // Merge `XInput` into `X` where both read the same once merged (JsonValue refers to itself).
  const names = new Map<string, string>();
  for (const name of used) {
    if (name.endsWith('Input')) names.set(name, name.slice(0, -'Input'.length));
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, plain] of names) {
      if (!used.has(plain)) continue;
      if (!isDeepStrictEqual(renameRefs(all[name], names), renameRefs(all[plain], names))) {
        names.delete(name);
        changed = true;
      }
    }
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
        if (extras.headers) response.headers = extras.headers as typeof response.headers;
        for (const [mediaType, media] of Object.entries(extras.content ?? {})) {
          const target = response.content?.[mediaType];
          if (target && media.example !== undefined) target.example = media.example;
        }
      }
    }
  }
}

/** A body or answer whose schema is a component with examples shows the first as its example. */
function addMediaExamples(document: Document) {
  const schemas = (document.components?.schemas ?? {}) as Record<string, { examples?: unknown[] }>;
  for (const item of Object.values(document.paths ?? {}) as Json[]) {
    for (const operation of Object.values(item) as OpenAPIV3_1.OperationObject[]) {
      const bodies = [operation.requestBody, ...Object.values(operation.responses ?? {})] as Array<
        { content?: Record<string, OpenAPIV3_1.MediaTypeObject> } | undefined
      >;
      for (const media of bodies.flatMap((body) => Object.values(body?.content ?? {}))) {
        const ref = (media.schema as { $ref?: string } | undefined)?.$ref;
        const example = ref?.startsWith(SCHEMAS)
          ? schemas[ref.slice(SCHEMAS.length)]?.examples?.[0]
          : undefined;
        if (example !== undefined && media.example === undefined) media.example = example;
      }
    }
  }
  return document;
}

/**
 * Describes the routes of a scope (`/v1` or `/api/v1`) as an OpenAPI 3.1 document generated
 * from their zod schemas, served at `<prefix>/openapi.json`. Register it in the scope before
 * the routes.
 */
export async function registerOpenApi(scope: FastifyInstance, options: OpenApiOptions) {
  const routes: RouteOptions[] = [];
  const toOpenApi = createJsonSchemaTransform({ skipList: [], zodToJsonConfig });
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
      webhooks: options.webhooks,
    },
    convertConstToEnum: false,
    // A route that declares no answers is left out: the documentation test then names it.
    transform: (route) =>
      route.schema?.response ? toOpenApi(route) : { schema: { hide: true }, url: route.url },
    transformObject: (input) => {
      const document = createJsonSchemaTransformObject({ zodToJsonConfig })(input) as Document;
      addResponseExtras(document, routes);
      return addMediaExamples(tidyComponents(document));
    },
  });
  scope.get('/openapi.json', { schema: { hide: true } }, async () => scope.swagger());
}
