import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
import { REFERENCE_ENDPOINTS } from '../../web/src/features/documentation/reference-endpoints.ts';
import { request, startTestServer } from './harness.ts';

type Json = any;

const DOCUMENTS = { dashboard: '/api/v1/openapi.json', public: '/v1/openapi.json' } as const;

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

// The documents do not depend on the database: one server on PGlite serves both.
const server = await startTestServer('pglite');
afterAll(() => server.close());
const documents: Record<keyof typeof DOCUMENTS, Json> = { dashboard: null, public: null };
for (const [name, path] of Object.entries(DOCUMENTS)) {
  const answer = await request(server.baseUrl, 'GET', path);
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
  documents[name as keyof typeof DOCUMENTS] = answer.body;
}

describe('the OpenAPI documents', () => {
  it.each(Object.keys(DOCUMENTS))('the %s document is valid OpenAPI 3.1', async (name) => {
    const document = documents[name as keyof typeof DOCUMENTS];
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');

    // Each schema is valid JSON Schema 2020-12 and every $ref resolves from the document root.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(document, 'https://tanqin.test/openapi.json');
    for (const [schemaName, schema] of Object.entries<Json>(document.components.schemas ?? {})) {
      expect(ajv.validateSchema(schema), `${schemaName}: ${ajv.errorsText()}`).toBe(true);
      ajv.compile({ $ref: `https://tanqin.test/openapi.json#/components/schemas/${schemaName}` });
    }
  });

  it('describes the security event webhook for integrators, its text in both languages', () => {
    const webhook = documents.public.webhooks.securityEvent.post;
    expect(webhook.description).toContain('webhook-signature');
    const data = webhook.requestBody.content['application/json'].schema.properties.data;
    expect(data.required).toEqual(expect.arrayContaining(['event_description', 'descriptions']));
    expect(data.properties.descriptions).toMatchObject({
      properties: { ar: { type: 'string' }, en: { type: 'string' } },
      required: ['ar', 'en'],
    });
  });

  it('describes every registered route in one of the two documents', () => {
    const documented = new Set(
      Object.values(documents).flatMap((document) =>
        Object.entries<Json>(document.paths).flatMap(([path, item]) =>
          Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
        ),
      ),
    );
    const routes = server.routes
      .filter((route) => /^\/(api\/)?v1\//.test(route.url) && route.method !== 'HEAD')
      .filter((route) => !Object.values(DOCUMENTS).includes(route.url as never))
      .flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`));
    expect(routes.length).toBeGreaterThan(60);
    const missing = routes.filter((route) => !documented.has(toOpenApiPath(route)));
    expect(missing, 'routes missing from both documents').toEqual([]);
  });

  it('declares a schema for every status each operation documents', () => {
    for (const document of Object.values(documents)) {
      for (const [path, item] of Object.entries<Json>(document.paths)) {
        for (const [method, operation] of Object.entries<Json>(item)) {
          const statuses = Object.keys(operation.responses ?? {});
          expect(
            statuses.some((status) => status.startsWith('2')),
            `${method} ${path}`,
          ).toBe(true);
          for (const status of statuses) {
            const response = operation.responses[status];
            expect(Object.keys(response.content ?? {}), `${method} ${path} ${status}`).not.toEqual(
              [],
            );
          }
        }
      }
    }
  });
});

/*
 * The web app's API reference guide (apps/web/src/features/documentation) explains each /v1
 * operation in its own words; it must name what the document names.
 */
interface Schema {
  $ref?: string;
  properties?: Record<string, Schema>;
  oneOf?: Schema[];
  anyOf?: Schema[];
  required?: string[];
  enum?: string[];
  const?: string;
}
interface Operation {
  summary?: string;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
}

// The server's own document, exactly as GET /v1/openapi.json serves it.
const document = documents.public as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, Schema> };
};

const resolve = (schema: Schema | undefined): Schema | undefined =>
  schema?.$ref?.startsWith('#/components/schemas/')
    ? resolve(document.components.schemas?.[schema.$ref.split('/').pop()!])
    : schema;

const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
);

/**
 * The stable codes of an error answer: the `code` (problem+json) or `error` (RFC 6749) the
 * schema allows, or else those its description names.
 */
function codesOf(response: Operation['responses'][string]) {
  const codes = new Set<string>();
  for (const { schema } of Object.values(response.content ?? {})) {
    for (const field of ['code', 'error']) {
      const property = schema.properties?.[field];
      for (const code of property?.enum ?? (property?.const ? [property.const] : [])) {
        codes.add(code);
      }
    }
  }
  if (codes.size === 0) {
    const listed = response.description.match(/\(code: ([^)]*)\)/)?.[1] ?? response.description;
    for (const code of listed.match(/[a-z]+(?:_[a-z]+)+/g) ?? []) codes.add(code);
  }
  return [...codes].sort();
}

describe('the API reference guide against the server OpenAPI document', () => {
  it('covers exactly the operations the server describes', () => {
    expect(REFERENCE_ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort()).toEqual(
      [...operations].sort(),
    );
  });

  for (const endpoint of REFERENCE_ENDPOINTS) {
    describe(`${endpoint.method} ${endpoint.path}`, () => {
      const operation = document.paths[endpoint.path]![endpoint.method.toLowerCase()]!;

      it('names the scopes the summary states', () => {
        const scopes = operation.summary?.match(/token:[a-z]+/g) ?? [];
        expect([...(endpoint.scopes ?? [])].sort()).toEqual([...scopes].sort());
      });

      it('lists the path parameters', () => {
        expect(endpoint.pathParams).toEqual(
          (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        );
      });

      it('lists the content types and body fields, required ones marked', () => {
        const content = operation.requestBody?.content ?? {};
        expect(endpoint.body?.contentTypes ?? []).toEqual(Object.keys(content));
        const schema = resolve(Object.values(content)[0]?.schema) ?? {};
        expect(endpoint.body?.fields.map((f) => f.name) ?? []).toEqual(
          Object.keys(schema.properties ?? {}),
        );
        expect(endpoint.body?.fields.filter((f) => f.required).map((f) => f.name) ?? []).toEqual(
          schema.required ?? [],
        );
      });

      it('states the success status and its fields', () => {
        const success = Object.entries(operation.responses).filter(([status]) =>
          status.startsWith('2'),
        );
        expect(success.map(([status]) => Number(status))).toEqual([endpoint.success.status]);
        const answer = resolve(Object.values(success[0]![1].content ?? {})[0]?.schema);
        // An answer of several shapes (verify: plain or double-locked data) is listed by its first.
        const variants = answer?.oneOf ?? answer?.anyOf;
        const schema = variants ? resolve(variants[0]) : answer;
        expect([...endpoint.success.fields].sort()).toEqual(
          Object.keys(schema?.properties ?? {}).sort(),
        );
      });

      it('lists every error status with its stable codes', () => {
        const errors = Object.entries(operation.responses)
          .filter(([status]) => !status.startsWith('2'))
          .map(([status, response]) => ({ status: Number(status), codes: codesOf(response) }))
          .sort((a, b) => a.status - b.status);
        expect(
          endpoint.errors
            .map(({ status, codes }) => ({ status, codes: [...codes].sort() }))
            .sort((a, b) => a.status - b.status),
        ).toEqual(errors);
      });
    });
  }
});
