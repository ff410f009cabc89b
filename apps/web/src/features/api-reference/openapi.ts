/** The parts of an OpenAPI 3.1 document this reference reads, and helpers to walk them. */
export interface JsonSchema {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  example?: unknown;
  description?: string;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

export interface MediaType {
  schema?: JsonSchema;
  example?: unknown;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface OpenApiResponse {
  description?: string;
  content?: Record<string, MediaType>;
  headers?: Record<string, { description?: string; schema?: JsonSchema }>;
}

export interface OpenApiOperation {
  summary?: string;
  description?: string;
  operationId?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses?: Record<string, OpenApiResponse>;
  security?: Array<Record<string, string[]>>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: Array<{ url: string }>;
  security?: Array<Record<string, string[]>>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  /** What the server sends to the integrator's own URL (its body is the request body). */
  webhooks?: Record<string, Record<string, OpenApiOperation>>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    securitySchemes?: Record<string, unknown>;
  };
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;

export interface OperationEntry {
  /** A stable anchor id, e.g. `post-v1-tokens-generate`. */
  id: string;
  method: string;
  path: string;
  operation: OpenApiOperation;
}

/** Every operation in document order. */
export function listOperations(document: OpenApiDocument): OperationEntry[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({
      id: `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-').replace(/-+$/, ''),
      method: method.toUpperCase(),
      path,
      operation: item[method]!,
    })),
  );
}

export interface WebhookEntry {
  /** A stable anchor id, e.g. `webhook-securityEvent`. */
  id: string;
  name: string;
  operation: OpenApiOperation;
}

/** Every webhook the document describes (the one method each is sent with). */
export function listWebhooks(document: OpenApiDocument): WebhookEntry[] {
  return Object.entries(document.webhooks ?? {}).flatMap(([name, item]) =>
    HTTP_METHODS.filter((method) => item[method])
      .slice(0, 1)
      .map((method) => ({ id: `webhook-${name}`, name, operation: item[method]! })),
  );
}

/** An operation with `security: []` takes no X-Client-Id (the OAuth token endpoint). */
export function requiresApiCredentials(document: OpenApiDocument, operation: OpenApiOperation) {
  const security = operation.security ?? document.security ?? [];
  return security.length > 0;
}

/**
 * Where a schema's `$ref` points. `#/components/...` is in the document; `#/$defs/...` is
 * looked up in the enclosing schema's own `$defs` (what zod's JSON Schema output uses).
 */
export function resolveRef(
  document: OpenApiDocument,
  root: JsonSchema | undefined,
  ref: string,
): JsonSchema | undefined {
  if (!ref.startsWith('#/')) return undefined;
  const parts = ref
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
  const from = (start: unknown) =>
    parts.reduce<unknown>(
      (node, key) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
      start,
    ) as JsonSchema | undefined;
  return parts[0] === '$defs' ? from(root) : from(document);
}

export const typeLabel = (schema: JsonSchema): string => {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const base = types
    .map((type) => (type === 'array' && schema.items ? `${typeLabel(schema.items)}[]` : type))
    .join(' | ');
  const label = base || (schema.anyOf || schema.oneOf ? 'anyOf' : 'any');
  return schema.format ? `${label} (${schema.format})` : label;
};

const MAX_DEPTH = 6;

/**
 * An example value for a schema: its own example, const, default or first enum value, else
 * one built from its type. `requiredOnly` keeps objects to their required properties, so an
 * example request is valid as it stands.
 */
export function exampleFor(
  document: OpenApiDocument,
  schema: JsonSchema | undefined,
  options: { root?: JsonSchema; requiredOnly?: boolean; depth?: number } = {},
): unknown {
  const depth = options.depth ?? 0;
  if (!schema || depth > MAX_DEPTH) return null;
  const root = options.root ?? schema;
  const next = (child: JsonSchema | undefined) =>
    exampleFor(document, child, { ...options, root, depth: depth + 1 });
  if (schema.$ref) return next(resolveRef(document, root, schema.$ref));
  if (schema.examples?.length) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return next(alternatives[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (!options.requiredOnly || required.has(name)) result[name] = next(property);
      }
      if (
        !schema.properties &&
        schema.additionalProperties &&
        typeof schema.additionalProperties === 'object'
      ) {
        result.field = next(schema.additionalProperties);
      }
      return result;
    }
    case 'array':
      return [next(schema.items)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string': {
      if (schema.format === 'date-time') return '2026-01-15T09:30:00.000Z';
      const digits = schema.pattern?.match(/^\^\\d\{(\d+)\}\$$/);
      if (digits) return '1'.repeat(Number(digits[1]));
      return 'string';
    }
    default:
      return null;
  }
}

/** The first media type a request body or response lists: the document's preferred one. */
export function firstMediaType(content: Record<string, MediaType> | undefined) {
  return Object.entries(content ?? {})[0];
}

const JSON_TYPES = ['string', 'number', 'boolean', 'null', 'array', 'object'];

/** Keywords that constrain a value; a schema with none of them admits any JSON value. */
const CONSTRAINTS = [
  'type',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'enum',
  'const',
  'properties',
  'items',
];

/**
 * True for "any JSON value": the server's unconstrained `JsonValue` (a description, no
 * constraint), or every JSON type as alternatives (how zod writes `z.json()`).
 */
export function isJsonValueSchema(
  document: OpenApiDocument,
  root: JsonSchema | undefined,
  schema: JsonSchema,
): boolean {
  if (!schema.$ref) return false;
  const target = resolveRef(document, root, schema.$ref);
  if (target && !CONSTRAINTS.some((keyword) => keyword in target)) return true;
  const types = new Set(
    (target?.anyOf ?? []).flatMap((alternative) =>
      Array.isArray(alternative.type)
        ? alternative.type
        : alternative.type
          ? [alternative.type]
          : [],
    ),
  );
  return JSON_TYPES.every((type) => types.has(type) || (type === 'number' && types.has('integer')));
}

/** An example body as it travels: JSON text, or form-encoded pairs for a form body. */
export function exampleBodyText(mediaType: string, example: unknown) {
  if (mediaType === 'application/x-www-form-urlencoded' && example && typeof example === 'object') {
    return new URLSearchParams(
      Object.entries(example).map(([key, value]) => [key, String(value)]),
    ).toString();
  }
  return JSON.stringify(example, null, 2);
}

/** The OAuth scopes an operation's security requirements name (any one of them admits it). */
export function operationScopes(operation: OpenApiOperation) {
  return [
    ...new Set((operation.security ?? []).flatMap((requirement) => requirement.oauth2 ?? [])),
  ];
}
