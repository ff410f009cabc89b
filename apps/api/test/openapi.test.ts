import { CODE_ALPHABET, generateTokenSchema, parseCode, SCOPES } from '@tanqin/shared';
// Ajv comes with fastify (its schema compiler); no dependency of our own is added for it.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  basicAuth,
  createIntegrator,
  createOrganization,
  databaseKinds,
  request,
  startTestServer,
  type TestServer,
} from './harness.ts';

type Json = any;
type Answer = Awaited<ReturnType<typeof request>>;

const DOCUMENT_ID = 'https://tanqin.test/openapi.json';

/** JSON Pointer tokens of a `#/...` reference (RFC 6901, URI fragment form). */
const pointerTokens = (ref: string) =>
  ref
    .slice(2)
    .split('/')
    .map((token) => decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~'));
const pointerOf = (...tokens: string[]) =>
  `#/${tokens.map((token) => encodeURIComponent(token.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/')}`;

function resolve(root: Json, ref: string): Json {
  if (!ref.startsWith('#/')) return undefined;
  return pointerTokens(ref).reduce<Json>(
    (node, token) => (node && typeof node === 'object' ? node[token] : undefined),
    root,
  );
}

/** Every `$ref` in the document, with where it sits. */
function collectRefs(node: Json, at: string[] = [], out: Array<[string, string]> = []) {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) collectRefs(item, [...at, String(i)], out);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push([at.join('/'), value]);
      else collectRefs(value, [...at, key], out);
    }
  }
  return out;
}

/** A changed check character: the same body, a wrong last character. */
function withWrongCheckCharacter(code: string) {
  const last = code.at(-1)!;
  const other = CODE_ALPHABET[(CODE_ALPHABET.indexOf(last) + 1) % CODE_ALPHABET.length]!;
  return code.slice(0, -1) + other;
}

describe.each(databaseKinds)('the OpenAPI document on %s', (kind) => {
  let server: TestServer;
  let document: Json;
  let ajv: Ajv2020;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const answer = await request(server.baseUrl, 'GET', '/v1/openapi.json');
    expect(answer.status).toBe(200);
    document = answer.body;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    // The whole document is one schema resource, so `#/components/...` resolves from its root.
    ajv.addSchema(document, DOCUMENT_ID);
  });
  afterAll(() => server.close());

  const validatorAt = (pointer: string) => ajv.compile({ $ref: `${DOCUMENT_ID}${pointer}` });

  function expectValid(pointer: string, value: unknown, what: string) {
    const validate = validatorAt(pointer);
    const valid = validate(value);
    expect(valid, `${what}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value)}`).toBe(
      true,
    );
  }

  /**
   * Checks a real answer against what the document says `method path` answers with its status:
   * the body against the schema of its media type, the headers that must be there, and, for a
   * success, that it sends exactly the documented fields.
   */
  function expectDocumented(method: string, path: string, answer: Answer) {
    const status = String(answer.status);
    const response = document.paths[path]?.[method]?.responses?.[status];
    expect(response, `${method.toUpperCase()} ${path} documents ${status}`).toBeDefined();
    const mediaType = answer.headers.get('content-type')!.split(';')[0]!.trim();
    expect(Object.keys(response.content ?? {}), `${path} ${status}`).toContain(mediaType);
    const schemaPointer = pointerOf(
      'paths',
      path,
      method,
      'responses',
      status,
      'content',
      mediaType,
      'schema',
    );
    expectValid(schemaPointer, answer.body, `${method.toUpperCase()} ${path} ${status}`);

    for (const [name, header] of Object.entries<Json>(response.headers ?? {})) {
      const value = answer.headers.get(name);
      if (header.required) expect(value, `${path} ${status} sends ${name}`).not.toBeNull();
      if (value === null) continue;
      const typed = header.schema.type === 'integer' ? Number(value) : value;
      expectValid(
        pointerOf('paths', path, method, 'responses', status, 'headers', name, 'schema'),
        typed,
        `${path} ${status} header ${name}`,
      );
    }

    const deref = (node: Json) => (node.$ref ? resolve(document, node.$ref) : node);
    const schema = deref(response.content[mediaType].schema);
    // An answer of several shapes (verify: the data, or the data sealed) matches one of them.
    const shapes: string[][] = (schema.anyOf ?? schema.oneOf ?? [schema]).map((shape: Json) =>
      Object.keys(deref(shape).properties).sort(),
    );
    if (answer.status < 300) expect(shapes).toContainEqual(Object.keys(answer.body).sort());
    else for (const field of Object.keys(answer.body)) expect(shapes.flat()).toContain(field);
  }

  it('resolves every $ref from the document root and holds valid schemas and examples', () => {
    const refs = collectRefs(document);
    expect(refs.length).toBeGreaterThan(10);
    for (const [at, ref] of refs) {
      expect(ref, `$ref at ${at}`).toMatch(/^#\//);
      expect(resolve(document, ref), `$ref ${ref} at ${at}`).toBeTypeOf('object');
    }
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      expect(ajv.validateSchema(schema as Json), `${name}: ${ajv.errorsText()}`).toBe(true);
    }

    // Every documented example is valid against its own schema.
    let examples = 0;
    for (const [path, item] of Object.entries<Json>(document.paths)) {
      for (const [method, operation] of Object.entries<Json>(item)) {
        const bodies: Array<[string[], Json]> = [
          ...Object.entries<Json>(operation.requestBody?.content ?? {}).map(
            ([type, media]): [string[], Json] => [['requestBody', 'content', type], media],
          ),
          ...Object.entries<Json>(operation.responses).flatMap(([status, response]) =>
            Object.entries<Json>(response.content ?? {}).map(([type, media]): [string[], Json] => [
              ['responses', status, 'content', type],
              media,
            ]),
          ),
        ];
        for (const [at, media] of bodies) {
          if (media.example === undefined) continue;
          examples++;
          expectValid(
            pointerOf('paths', path, method, ...at, 'schema'),
            media.example,
            `example of ${method} ${path} ${at.join(' ')}`,
          );
        }
      }
    }
    expect(examples).toBeGreaterThanOrEqual(10);
    for (const [name, schema] of Object.entries<Json>(document.components.schemas)) {
      for (const example of schema.examples ?? []) {
        expectValid(pointerOf('components', 'schemas', name), example, `example of ${name}`);
      }
    }

    const token =
      document.paths['/v1/tokens/generate'].post.responses['201'].content['application/json']
        .example.token;
    expect(parseCode(token), `${token} passes the check character`).toBeDefined();
    expect(document.components.schemas.GenerateTokenResponse.properties.token.examples).toEqual([
      token,
    ]);
    expect(
      document.paths['/v1/tokens/verify'].post.requestBody.content['application/json'].example
        .token,
    ).toBe(token);

    const scopes = document.components.securitySchemes.oauth2.flows.clientCredentials.scopes;
    expect(Object.keys(scopes)).toEqual([...SCOPES]);
  });

  it('documents exactly the generate bodies the server accepts', () => {
    const validate = validatorAt(pointerOf('components', 'schemas', 'GenerateTokenRequest'));
    const fields = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, i]));
    const bodies: unknown[] = [
      document.paths['/v1/tokens/generate'].post.requestBody.content['application/json'].example,
      { data: { a: { nested: [1, 'x', null, true] } } },
      { data: {} },
      { data: fields(1) },
      { data: fields(50) },
      { data: fields(51) },
      { data: { '1a': 1 } },
      { data: { ['a'.repeat(64)]: 1 } },
      { data: { ['a'.repeat(65)]: 1 } },
      { data: { a: 1 }, data_scope: ['identity', 'contact'] },
      { data: { a: 1 }, data_scope: [' identity ', '', '  '] },
      { data: { a: 1 }, data_scope: ['Identity'] },
      { data: { a: 1 }, data_scope: ['a b'] },
      { data: { a: 1 }, data_scope: ['x'.repeat(40)] },
      { data: { a: 1 }, data_scope: ['x'.repeat(41)] },
      { data: { a: 1 }, data_scope: Array.from({ length: 20 }, () => 'x') },
      { data: { a: 1 }, data_scope: Array.from({ length: 21 }, () => 'x') },
      { data: { a: 1 }, data_scope: 'identity,contact' },
      { data: { a: 1 }, data_scope: ' identity , ,contact:read,' },
      { data: { a: 1 }, data_scope: '' },
      { data: { a: 1 }, data_scope: 'identity contact' },
      { data: { a: 1 }, data_scope: 'identity;contact' },
      { data: { a: 1 }, data_scope: 'x,'.repeat(200) },
      { data: { a: 1 }, data_scope: 'x,'.repeat(201) },
      { data: { a: 1 }, expires_in: 60 },
      { data: { a: 1 }, expires_in: 59 },
      { data: { a: 1 }, expires_in: 86_401 },
      { data: { a: 1 }, expires_in: 600.5 },
      { data: { a: 1 }, one_time_use: true },
      { data: { a: 1 }, one_time_use: false },
      { data: { a: 1 }, audience: '' },
      { data: { a: 1 }, subject: { national_id: '1012345678', user_id: 'u1' } },
      { data: { a: 1 }, subject: { national_id: '101234567' } },
      { data: { a: 1 }, subject: { nationalId: '1012345678' } },
      { data: { a: 1 }, subject: {} },
      { data: { a: 1 }, unknown_field: 'ignored' },
      { data: 'not an object' },
      {},
    ];
    for (const body of bodies) {
      expect(validate(body), JSON.stringify(body)).toBe(
        generateTokenSchema.safeParse(body).success,
      );
    }
  });

  it('answers generate, verify, status and revoke with the documented bodies', async () => {
    const issuer = await createIntegrator(server.baseUrl, {
      scopes: ['token:generate', 'token:verify', 'token:revoke'],
    });
    const generate = document.paths['/v1/tokens/generate'].post;
    const exampleBody = generate.requestBody.content['application/json'].example;
    const generated = await issuer.call('POST', '/v1/tokens/generate', exampleBody);
    expect(generated.status).toBe(201);
    expectDocumented('post', '/v1/tokens/generate', generated);
    expect(parseCode(generated.body.token)).toBeDefined();

    const statusPath = '/v1/tokens/{token_id}/status';
    const revokePath = '/v1/tokens/{token_id}/revoke';
    const active = await issuer.call('GET', `/v1/tokens/${generated.body.token_id}/status`);
    expect(active.body).toMatchObject({ status: 'active', used_at: null, used_by: null });
    expectDocumented('get', statusPath, active);

    const verified = await issuer.call('POST', '/v1/tokens/verify', {
      token: generated.body.token,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toEqual(exampleBody.data);
    expectDocumented('post', '/v1/tokens/verify', verified);

    const used = await issuer.call('GET', `/v1/tokens/${generated.body.token_id}/status`);
    expect(used.body).toMatchObject({
      status: 'used',
      used_by: { client_id: issuer.organization.client_id },
    });
    expectDocumented('get', statusPath, used);

    const again = await issuer.call('POST', '/v1/tokens/verify', { token: generated.body.token });
    expect(again.body.code).toBe('token_used');
    expectDocumented('post', '/v1/tokens/verify', again);
    const revokeUsed = await issuer.call('POST', `/v1/tokens/${generated.body.token_id}/revoke`);
    expect(revokeUsed.status).toBe(410);
    expectDocumented('post', revokePath, revokeUsed);

    const second = await issuer.call('POST', '/v1/tokens/generate', { data: { a: 1 } });
    const revoked = await issuer.call('POST', `/v1/tokens/${second.body.token_id}/revoke`);
    expect(revoked.status).toBe(200);
    expectDocumented('post', revokePath, revoked);
    const revokedAgain = await issuer.call('POST', `/v1/tokens/${second.body.token_id}/revoke`);
    expect(revokedAgain.status).toBe(200);
    expectDocumented('post', revokePath, revokedAgain);
    const gone = await issuer.call('POST', '/v1/tokens/verify', { token: second.body.token });
    expect(gone.body.code).toBe('token_revoked');
    expectDocumented('post', '/v1/tokens/verify', gone);
  });

  it('answers every documented problem status with the documented Problem', async () => {
    const issuer = await createIntegrator(server.baseUrl);
    const verifyPath = '/v1/tokens/verify';
    const exampleToken =
      document.paths[verifyPath].post.requestBody.content['application/json'].example.token;

    const malformed = await issuer.call('POST', verifyPath, {
      token: withWrongCheckCharacter(exampleToken),
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('token_malformed');
    expectDocumented('post', verifyPath, malformed);

    const unknown = await issuer.call('POST', verifyPath, { token: exampleToken });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('token_not_found');
    expectDocumented('post', verifyPath, unknown);

    const invalid = await issuer.call('POST', '/v1/tokens/generate', { data: {} });
    expect(invalid.body).toMatchObject({
      code: 'validation_failed',
      detail_ar: expect.any(String),
    });
    expectDocumented('post', '/v1/tokens/generate', invalid);

    const notJson = await request(server.baseUrl, 'POST', verifyPath, {
      headers: { ...issuer.headers, 'content-type': 'application/json' },
      body: '{"token":',
    });
    expect(notJson.body.code).toBe('invalid_json');
    expectDocumented('post', verifyPath, notJson);

    const tooLarge = await request(server.baseUrl, 'POST', '/v1/tokens/generate', {
      headers: issuer.headers,
      json: { data: { a: 'x'.repeat(70_000) } },
    });
    expect(tooLarge.status).toBe(413);
    expectDocumented('post', '/v1/tokens/generate', tooLarge);

    const xml = await request(server.baseUrl, 'POST', verifyPath, {
      headers: { ...issuer.headers, 'content-type': 'application/xml' },
      body: '<token/>',
    });
    expect(xml.status).toBe(415);
    expectDocumented('post', verifyPath, xml);

    const statusPath = '/v1/tokens/{token_id}/status';
    const longId = await issuer.call('GET', `/v1/tokens/tok_${'x'.repeat(61)}/status`);
    expect(longId.body.code).toBe('validation_failed');
    expectDocumented('get', statusPath, longId);
    const overlongId = await issuer.call('GET', `/v1/tokens/tok_${'x'.repeat(97)}/status`);
    expect(overlongId.status).toBe(414);
    expectDocumented('get', statusPath, overlongId);
    const unknownId = await issuer.call('GET', '/v1/tokens/tok_unknown/status');
    expect(unknownId.status).toBe(404);
    expectDocumented('get', statusPath, unknownId);

    const anonymous = await request(server.baseUrl, 'POST', verifyPath, {
      json: { token: exampleToken },
    });
    expect(anonymous.status).toBe(401);
    expectDocumented('post', verifyPath, anonymous);
    const noClientId = await request(server.baseUrl, 'POST', verifyPath, {
      headers: { authorization: issuer.headers.authorization },
      json: { token: exampleToken },
    });
    expect(noClientId.body.code).toBe('client_id_mismatch');
    expectDocumented('post', verifyPath, noClientId);

    // The integrator's key has the default scopes, without token:revoke.
    const revokePath = '/v1/tokens/{token_id}/revoke';
    const noScope = await issuer.call('POST', '/v1/tokens/tok_unknown/revoke');
    expect(noScope.status).toBe(403);
    expect(noScope.body.code).toBe('insufficient_scope');
    expectDocumented('post', revokePath, noScope);

    const limited = await createIntegrator(server.baseUrl, { rate_limit_per_minute: 1 });
    expect((await limited.call('POST', verifyPath, { token: exampleToken })).status).toBe(404);
    const throttled = await limited.call('POST', verifyPath, { token: exampleToken });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expectDocumented('post', verifyPath, throttled);
  });

  it('documents the OAuth token endpoint and Basic with the organisation credentials', async () => {
    const issuer = await createIntegrator(server.baseUrl);
    const path = '/v1/oauth/token';
    const post = (json: unknown) => request(server.baseUrl, 'POST', path, { json });
    const form = (fields: Record<string, string>) =>
      request(server.baseUrl, 'POST', path, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    const credentials = {
      grant_type: 'client_credentials',
      client_id: issuer.key.api_key,
      client_secret: issuer.key.api_secret,
    };

    const viaJson = await post({ ...credentials, scope: 'token:verify' });
    expect(viaJson.status).toBe(200);
    expectDocumented('post', path, viaJson);
    const viaForm = await form(credentials);
    expect(viaForm.status).toBe(200);
    expectDocumented('post', path, viaForm);
    for (const [body, error] of [
      [{ ...credentials, grant_type: 'password' }, 'unsupported_grant_type'],
      [{ ...credentials, scope: 'token:revoke' }, 'invalid_scope'],
      [{ client_id: issuer.key.api_key }, 'invalid_request'],
    ] as const) {
      const refused = await post(body);
      expect(refused.body.error).toBe(error);
      expectDocumented('post', path, refused);
    }
    const wrong = await post({ ...credentials, client_secret: 'tqs_live_wrong' });
    expect(wrong.status).toBe(401);
    expectDocumented('post', path, wrong);
    const notJson = await request(server.baseUrl, 'POST', path, {
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(notJson.body.error).toBe('invalid_request');
    expectDocumented('post', path, notJson);
    const notText = await post({ ...credentials, scope: ['token:verify'] });
    expect(notText.body).toEqual({ error: 'invalid_request', error_description: 'Invalid scope' });
    expectDocumented('post', path, notText);

    // As the document says: Basic also takes the organisation's own client credentials.
    const org = await createOrganization(server.baseUrl);
    const own = await request(
      server.baseUrl,
      'GET',
      `/api/v1/organizations/${org.organization.id}/credentials`,
      { token: org.token },
    );
    const generated = await request(server.baseUrl, 'POST', '/v1/tokens/generate', {
      headers: basicAuth(org.organization.client_id, {
        api_key: own.body.client_id,
        api_secret: own.body.client_secret,
      }),
      json: { data: { a: 1 } },
    });
    expect(generated.status).toBe(201);
    expectDocumented('post', '/v1/tokens/generate', generated);
  });
});
