import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../../api/src/modules/public-api/openapi.ts';
import { REFERENCE_ENDPOINTS } from './reference-endpoints.ts';

interface Schema {
  $ref?: string;
  properties?: Record<string, Schema>;
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
const document = buildOpenApiDocument('https://tanqin.example.sa') as unknown as {
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
        const schema = resolve(Object.values(success[0]![1].content ?? {})[0]?.schema);
        expect(endpoint.success.fields).toEqual(Object.keys(schema?.properties ?? {}));
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
