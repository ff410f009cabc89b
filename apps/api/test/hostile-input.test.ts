import net from 'node:net';
import { SCOPES, TOKEN_DATA_MAX_DEPTH } from '@tanqin/shared';
import Fastify from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { registerErrorHandling } from '../src/plugins/errors.ts';
import {
  createIntegrator,
  createOrganization,
  createTestDatabase,
  databaseKinds,
  request,
  signupBody,
  startTestServer,
  type TestServer,
} from './harness.ts';
import { registrationBody } from './individuals-helpers.ts';

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\uD800b';

/** A nested JSON text: `depth` arrays inside one another (built as text, JSON.stringify would recurse). */
const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe.each(databaseKinds)('hostile input on %s', (kind) => {
  let server: TestServer;
  let org: Awaited<ReturnType<typeof createOrganization>>;
  let integrator: Awaited<ReturnType<typeof createIntegrator>>;
  beforeAll(async () => {
    server = await startTestServer(kind);
    org = await createOrganization(server.baseUrl);
    integrator = await createIntegrator(server.baseUrl, { scopes: [...SCOPES] });
  });
  afterAll(() => server.close());

  /** The routes that answered 500 to a NUL before, each with the field the bad text goes in. */
  const textRoutes: {
    name: string;
    send: (bad: string) => ReturnType<typeof request>;
    field: string;
  }[] = [
    {
      name: 'organisation sign-up',
      field: 'name',
      send: (bad) =>
        request(server.baseUrl, 'POST', '/api/v1/signup', { json: signupBody({ name: bad }) }),
    },
    {
      name: 'individual registration',
      field: 'firstName',
      send: (bad) =>
        request(server.baseUrl, 'POST', '/api/v1/auth/register/individual', {
          json: registrationBody({ firstName: `${bad}${bad}` }),
        }),
    },
    {
      name: 'contact form',
      field: 'subject',
      send: (bad) =>
        request(server.baseUrl, 'POST', '/api/v1/contact', {
          json: { name: 'Noura', email: 'n@example.sa', subject: bad, message: 'a'.repeat(20) },
        }),
    },
    {
      name: 'API key name',
      field: 'key_name',
      send: (bad) =>
        request(server.baseUrl, 'POST', '/api/v1/security/api-keys', {
          token: org.token,
          json: { key_name: bad },
        }),
    },
    {
      name: 'trusted IP description',
      field: 'description',
      send: (bad) =>
        request(server.baseUrl, 'POST', '/api/v1/security/trusted-ips', {
          token: org.token,
          json: { ip_address: '192.0.2.1', description: bad },
        }),
    },
    {
      name: "generate's audience",
      field: 'audience',
      send: (bad) =>
        integrator.call('POST', '/v1/tokens/generate', { data: { a: 1 }, audience: bad }),
    },
    {
      name: "generate's subject.user_id",
      field: 'subject.user_id',
      send: (bad) =>
        integrator.call('POST', '/v1/tokens/generate', {
          data: { a: 1 },
          subject: { user_id: bad },
        }),
    },
    {
      name: 'a value inside generate data',
      field: 'data',
      send: (bad) => integrator.call('POST', '/v1/tokens/generate', { data: { a: [{ b: bad }] } }),
    },
  ];

  for (const route of textRoutes) {
    it(`refuses a NUL and a lone surrogate in the ${route.name} with 400 textInvalid`, async () => {
      for (const bad of [NUL, LONE_SURROGATE]) {
        const res = await route.send(bad);
        expect(res.status).toBe(400);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
        expect(res.body.code).toBe('validation_failed');
        expect(res.body.errors).toContainEqual(
          expect.objectContaining({ path: route.field, code: 'textInvalid' }),
        );
      }
    });
  }

  it('refuses a NUL in a code id path parameter with 400 textInvalid, an undecodable one with 400, an over-long one with 414', async () => {
    for (const action of ['GET status', 'POST revoke']) {
      const [method, last] = action.split(' ') as [string, string];
      const nul = await integrator.call(method, `/v1/tokens/a%00b/${last}`);
      expect(nul.status).toBe(400);
      expect(nul.body.errors).toContainEqual(
        expect.objectContaining({ path: 'token_id', code: 'textInvalid' }),
      );
      // WTF-8 of a lone surrogate: not UTF-8, so the path never decodes.
      const surrogate = await integrator.call(method, `/v1/tokens/a%ED%A0%80b/${last}`);
      expect(surrogate.status).toBe(400);
      expect(surrogate.headers.get('content-type')).toContain('application/problem+json');
      expect(surrogate.body.code).toBe('bad_request');
      const long = await integrator.call(method, `/v1/tokens/${'a'.repeat(200)}/${last}`);
      expect(long.status).toBe(414);
      expect(long.body.code).toBe('uri_too_long');
    }
  });

  it('answers a URL over 16 KB with 431 problem+json on a real socket, and malformed HTTP with 400', async () => {
    const port = Number(new URL(server.baseUrl).port);
    for (const size of [17_000, 1_000_000]) {
      const answer = await rawHttp(
        port,
        `GET /api/v1/health?q=${'a'.repeat(size)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      );
      expect(answer.status).toBe(431);
      expect(answer.headers['content-type']).toContain('application/problem+json');
      expect(JSON.parse(answer.body)).toMatchObject({ status: 431, code: 'headers_too_large' });
    }
    const malformed = await rawHttp(port, 'GET / HTTP/1.1\r\nHost x\r\n\r\n');
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body).code).toBe('bad_request');
  });

  it('answers every failure of /v1/oauth/token as an RFC 6749 error with no-store', async () => {
    const token = (body: string, contentType: string) =>
      request(server.baseUrl, 'POST', '/v1/oauth/token', {
        body,
        headers: { 'content-type': contentType },
      });
    const cases = [
      [await token('{"grant_type":', 'application/json'), 400],
      [await token('<grant_type/>', 'application/xml'), 415],
      [await token(`grant_type=${'x'.repeat(70_000)}`, 'application/x-www-form-urlencoded'), 413],
      [await token(JSON.stringify({ grant_type: 7 }), 'application/json'), 400],
      [
        await token(
          JSON.stringify({ grant_type: 'client_credentials', client_id: NUL }),
          'application/json',
        ),
        400,
      ],
      [await token(JSON.stringify(['client_credentials']), 'application/json'), 400],
    ] as const;
    for (const [res, status] of cases) {
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('pragma')).toBe('no-cache');
      expect(res.body).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
    }
  });

  it('refuses a correctly signed token whose session or key id is missing or malformed with 401', async () => {
    const sign = (claims: Record<string, unknown>, audience: string, subject?: string) => {
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime('5m');
      if (subject !== undefined) jwt.setSubject(subject);
      return jwt.sign(server.ctx.keys.jwt.current);
    };
    const userId = '00000000-0000-4000-8000-000000000000';
    for (const claims of [{}, { sid: 'not-a-uuid' }, { sid: 42 }, { sid: NUL }]) {
      const res = await request(server.baseUrl, 'GET', '/api/v1/auth/me', {
        token: await sign({ kind: 'organization', ...claims }, 'tanqin-dashboard', userId),
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
    const noSubject = await request(server.baseUrl, 'GET', '/api/v1/auth/me', {
      token: await sign({ sid: userId }, 'tanqin-dashboard'),
    });
    expect(noSubject.status).toBe(401);
    for (const claims of [
      { kid: NUL },
      { kid: 'tqk_live_x' },
      { kid: null, cid: NUL },
      { kid: 5 },
    ]) {
      const res = await request(server.baseUrl, 'POST', '/v1/tokens/verify', {
        headers: {
          'x-client-id': integrator.organization.client_id,
          authorization: `Bearer ${await sign({ scope: 'token:verify', ...claims }, 'tanqin-v1')}`,
        },
        json: { token: '0000-0000-0000-0000-0' },
      });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('invalid_token');
    }
  });

  it('refuses generate data nested deeper than the limit with 400 payload_too_deep, before parsing it', async () => {
    const send = (depth: number) =>
      request(server.baseUrl, 'POST', '/v1/tokens/generate', {
        headers: { ...integrator.headers, 'content-type': 'application/json' },
        // data is level 1; its field holds the remaining levels.
        body: `{"data":{"a":${nestedArrays(depth - 1)}}}`,
      });
    expect((await send(TOKEN_DATA_MAX_DEPTH)).status).toBe(201);
    for (const depth of [TOKEN_DATA_MAX_DEPTH + 1, 20_000]) {
      const res = await send(depth);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.code).toBe('payload_too_deep');
      expect(res.body.detail_ar).toMatch(/[\u0600-\u06FF]/);
    }
    const wide = await integrator.call('POST', '/v1/tokens/generate', {
      data: { a: Array.from({ length: 5000 }, () => 0) },
    });
    expect(wide.status).toBe(400);
    expect(wide.body.code).toBe('payload_too_deep');
  });
});

/** One HTTP exchange on a raw socket (the request may be one fetch refuses to send). */
function rawHttp(port: number, text: string) {
  return new Promise<{ status: number; headers: Record<string, string>; body: string }>(
    (resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk;
      });
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', body = ''] = answer.split('\r\n\r\n');
        const [statusLine = '', ...lines] = head.split('\r\n');
        const headers = Object.fromEntries(
          lines.map((line) => [
            line.slice(0, line.indexOf(':')).toLowerCase(),
            line.slice(line.indexOf(':') + 1).trim(),
          ]),
        );
        resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
      });
      socket.end(text);
    },
  );
}

describe.each(databaseKinds)('database input errors on %s', (kind) => {
  let db: Database;
  let baseUrl: string;
  const app = Fastify();
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    registerErrorHandling(app);
    // Each query hands the database a value it refuses, as a schema gap would.
    app.get<{ Params: { case: string } }>('/refuse/:case', async (req) => {
      const queries: Record<string, [string, unknown[]]> = {
        nul: ['select $1::text', [NUL]],
        syntax: ['select $1::int', ['twelve']],
        range: ['select $1::int', ['99999999999']],
        limit: ["select repeat('x', 2000000000)", []],
      };
      const [sql, params] = queries[req.params.case]!;
      return db.query(sql, params);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('answers 400 problem+json, not 500, when the database refuses a value (class 22, 54000)', async () => {
    for (const which of ['nul', 'syntax', 'range', 'limit']) {
      const res = await request(baseUrl, 'GET', `/refuse/${which}`);
      expect(res.status, which).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.code).toBe('bad_request');
    }
  });
});
