import * as shared from '@tanqin/shared';
import { problems } from '@tanqin/shared';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  basicAuth,
  createIntegrator,
  createOrganization,
  databaseKinds,
  signupBody,
  startTestServer,
  type TestServer,
} from './harness.ts';
import { registrationBody } from './individuals-helpers.ts';
import { createIndividual } from './personal-helpers.ts';

/**
 * Property test over the whole route table: every /api/v1 and /v1 route gets generated bad
 * values in its path, query and body, as an organisation owner, an individual, an API key or
 * nobody. It must never answer 5xx, and every 4xx is problem+json with a code of the shared
 * table (the token endpoint: an RFC 6749 body). A fixed seed keeps runs repeatable.
 */
const SEED = 20261123;
const RUNS_PER_ROUTE = 20;

/** Every field name the shared request schemas know: generated bodies and queries use them. */
const fieldNames = [
  ...new Set(
    Object.values(shared).flatMap((value) =>
      value instanceof z.ZodObject ? Object.keys(value.shape) : [],
    ),
  ),
];

/** Text no database stores: NUL and UTF-16 halves without their pair. */
const poisonedString = fc.constantFrom('a\u0000b', '\u0000', 'a\uD800', '\uDC00z', 'x\uD83D');
const badString = fc.oneof(
  { arbitrary: poisonedString, weight: 4 },
  {
    arbitrary: fc.constantFrom(
      '%00',
      '',
      ' ',
      '../../etc/passwd',
      "' or 1=1 --",
      '٠٥١٢٣٤٥٦٧٨',
      '🙂'.repeat(60),
      'x'.repeat(10_000),
      '99999999999999999999999999',
      '-1',
      '1e400',
      '00000000-0000-0000-0000-000000000000',
      'tok_AAAAAAAAAAAAAAAAAAAA',
    ),
    weight: 3,
  },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 1 },
);
const badNumber = fc.oneof(
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, 1e21, -1, 0, 0.5, -0, 2 ** 31, -(2 ** 31) - 1),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const badScalar = fc.oneof(
  { arbitrary: badString, weight: 4 },
  { arbitrary: badNumber, weight: 1 },
  { arbitrary: fc.constantFrom(true, false, null), weight: 1 },
);

/** Nested arrays and objects, up to 60 levels (deeper texts are in rawBodies). */
const deepValue = fc
  .tuple(fc.integer({ min: 9, max: 60 }), fc.boolean())
  .map(([depth, asObject]) => {
    let value: unknown = 1;
    for (let level = 0; level < depth; level++) value = asObject ? { a: value } : [value];
    return value;
  });

const badValue = fc.oneof(
  { arbitrary: badScalar, weight: 6 },
  { arbitrary: fc.array(badScalar, { maxLength: 3 }), weight: 1 },
  {
    arbitrary: fc.dictionary(fc.constantFrom(...fieldNames), badScalar, { maxKeys: 3 }),
    weight: 1,
  },
  { arbitrary: deepValue, weight: 1 },
);

const json = (value: unknown) => ({ text: JSON.stringify(value), type: 'application/json' });

/** Bodies that are not a JSON object: broken, deep beyond any parser's stack, other media types. */
const rawBodies = [
  { text: '{"a":', type: 'application/json' },
  { text: `{"data":${'['.repeat(20_000)}${']'.repeat(20_000)}}`, type: 'application/json' },
  { text: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`, type: 'application/json' },
  { text: '{"__proto__":{"x":1}}', type: 'application/json' },
  { text: 'null', type: 'application/json' },
  { text: '"text"', type: 'application/json' },
  { text: 'a=%00&b=%ED%A0%80', type: 'application/x-www-form-urlencoded' },
  { text: '<a/>', type: 'application/xml' },
  { text: 'plain words', type: 'text/plain' },
  { text: 'x'.repeat(70_000), type: 'application/json' },
];

/** Percent-encodes text as a URL carries it; a lone surrogate becomes its WTF-8 bytes. */
function encodeLoose(text: string): string {
  let out = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** Dotted paths of the leaves (strings, numbers, booleans) of a body, nested objects included. */
function leafPaths(value: Record<string, unknown>, prefix: string[] = []): string[][] {
  return Object.entries(value).flatMap(([key, child]) =>
    child !== null && typeof child === 'object' && !Array.isArray(child)
      ? leafPaths(child as Record<string, unknown>, [...prefix, key])
      : [[...prefix, key]],
  );
}

/** A copy of `body` with the leaf at `path` changed. */
function withLeaf(
  body: Record<string, unknown>,
  path: string[],
  change: (old: unknown) => unknown,
): Record<string, unknown> {
  const [key, ...rest] = path as [string, ...string[]];
  return {
    ...body,
    [key]: rest.length
      ? withLeaf(body[key] as Record<string, unknown>, rest, change)
      : change(body[key]),
  };
}

function insertInto(old: unknown, poison: string, at: number) {
  const text = String(old);
  const index = at % (text.length + 1);
  return text.slice(0, index) + poison + text.slice(index);
}

type Credential = 'owner' | 'individual' | 'apiKey' | 'none';

interface Route {
  method: string;
  url: string;
}

describe.each(databaseKinds)('every route under hostile input on %s', (kind) => {
  let server: TestServer;
  const routes: Route[] = [];
  const headersOf: Record<Credential, Record<string, string>> = {
    owner: {},
    individual: {},
    apiKey: {},
    none: {},
  };
  /** Real ids some path parameters get, so checks behind "is it yours" run too. */
  const knownIds: string[] = [];
  /** Valid bodies of the routes that create things: generated bodies also break one field of them. */
  let examples: Record<string, Record<string, unknown>> = {};

  beforeAll(async () => {
    server = await startTestServer(kind, {
      env: { TRUST_PROXY: 'true' },
      app: {
        onRoute: (route: RouteOptions) => {
          if (!/^\/(api\/)?v1\//.test(route.url)) return;
          for (const method of [route.method].flat()) {
            if (method !== 'HEAD') routes.push({ method, url: route.url });
          }
        },
      },
    });
    const owner = await createOrganization(server.baseUrl);
    const integrator = await createIntegrator(server.baseUrl, { scopes: [...shared.SCOPES] });
    const person = await createIndividual(server);
    headersOf.owner = { authorization: `Bearer ${owner.token}` };
    headersOf.individual = { authorization: `Bearer ${person.token}` };
    headersOf.apiKey = basicAuth(integrator.organization.client_id, integrator.key);
    knownIds.push(owner.organization.id);
    examples = {
      'POST /api/v1/signup': signupBody(),
      'POST /api/v1/auth/register/individual': registrationBody(),
      'POST /api/v1/auth/login': { email: owner.admin.email, password: 'Wrong-passw0rd' },
      'POST /api/v1/contact': {
        name: 'نورة',
        email: 'noura@example.sa',
        subject: 'سؤال',
        message: 'رسالة من عشرة أحرف على الأقل',
      },
      'POST /api/v1/security/api-keys': { key_name: 'fuzz', scopes: ['token:generate'] },
      'POST /api/v1/security/trusted-ips': { ip_address: '192.0.2.1', description: 'office' },
      'POST /api/v1/security/country-rules': { country_code: 'SA', is_allowed: true },
      'POST /api/v1/security/notifications': {
        notification_type: 'email',
        event_types: ['ip_blocked'],
        destination: 'alerts@example.sa',
      },
      'PATCH /api/v1/organizations/:id': { name: 'جهة', phone: '0112345678' },
      'PATCH /api/v1/profile': {
        firstName: 'نورة',
        lastName: 'القحطاني',
        email: person.email,
        phoneNumber: '0551234567',
        language: 'ar',
        notifications: { email: true, sms: false, app: true },
      },
      'POST /v1/tokens/generate': {
        data: { full_name: 'نورة', nested: { a: [1, 'b'] } },
        audience: integrator.organization.client_id,
        subject: { national_id: '1012345678', user_id: 'u-1' },
        expires_in: 600,
      },
      'POST /v1/tokens/verify': { token: '0000-0000-0000-0000-0' },
      'POST /api/v1/tokens/verify': { token: '0000-0000-0000-0000-0' },
      'POST /v1/oauth/token': {
        grant_type: 'client_credentials',
        client_id: integrator.key.api_key,
        client_secret: integrator.key.api_secret,
      },
    };
  });
  afterAll(() => server.close());

  function requestFor(route: Route) {
    const params = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
    const pathValue = fc.oneof(
      { arbitrary: badString, weight: 4 },
      { arbitrary: fc.uuid(), weight: 1 },
      { arbitrary: fc.constantFrom(...knownIds), weight: 2 },
    );
    const example = examples[`${route.method} ${route.url}`];
    const bodies = [
      {
        arbitrary: fc
          .dictionary(fc.constantFrom(...fieldNames), badValue, { maxKeys: 5 })
          .map(json),
        weight: 3,
      },
      { arbitrary: badValue.map(json), weight: 1 },
      { arbitrary: fc.constantFrom(...rawBodies), weight: 2 },
    ];
    if (example) {
      // The example with one field broken: replaced by a bad value, or its valid text with a
      // poisoned character slipped in. Such bodies pass every other check and reach the database.
      const broken = fc
        .tuple(
          fc.constantFrom(...leafPaths(example)),
          fc.oneof(
            badValue.map((value) => () => value),
            fc.tuple(poisonedString, fc.nat()).map(
              ([poison, at]) =>
                (old: unknown) =>
                  insertInto(old, poison, at),
            ),
          ),
        )
        .map(([path, change]) => json(withLeaf(example, path, change)));
      bodies.push({ arbitrary: broken, weight: 6 });
    }
    // Signing out would end the sessions the other requests use.
    const credentials: Credential[] = route.url.endsWith('/auth/logout')
      ? ['none']
      : route.url.startsWith('/v1/')
        ? ['apiKey', 'apiKey', 'none']
        : ['owner', 'individual', 'none'];
    return fc.record({
      params: fc.tuple(...params.map(() => pathValue)),
      query: fc.dictionary(
        fc.constantFrom(...fieldNames),
        fc.oneof(badString, badNumber.map(String)),
        { maxKeys: 3 },
      ),
      body: fc.option(fc.oneof(...bodies), { nil: undefined }),
      credential: fc.constantFrom(...credentials),
      // A new address each time, so per-address limits (contact, sign-in) do not hide the rest.
      address: fc.ipV4(),
    });
  }

  it('answers every generated bad request with a 4xx problem (or a success), never a 5xx', async () => {
    expect(routes.length).toBeGreaterThan(60);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(requestFor(route), async (input) => {
          let index = 0;
          const path = route.url.replace(/:\w+/g, () => encodeLoose(input.params[index++]!));
          const query = Object.entries(input.query)
            .map(([key, value]) => `${key}=${encodeLoose(value)}`)
            .join('&');
          const hasBody = input.body !== undefined && route.method !== 'GET';
          const response = await fetch(`${server.baseUrl}${path}${query ? `?${query}` : ''}`, {
            method: route.method,
            headers: {
              ...headersOf[input.credential],
              'x-forwarded-for': input.address,
              ...(hasBody && { 'content-type': input.body!.type }),
            },
            body: hasBody ? input.body!.text : undefined,
          });
          const text = await response.text();
          const where = `${route.method} ${route.url} -> ${response.status} ${text.slice(0, 300)}`;
          expect(response.status, where).toBeLessThan(500);
          if (response.status < 400) return;
          const body = JSON.parse(text);
          if (route.url === '/v1/oauth/token') {
            expect(body, where).toEqual({
              error: expect.any(String),
              error_description: expect.any(String),
            });
            expect(response.headers.get('cache-control'), where).toBe('no-store');
            return;
          }
          expect(response.headers.get('content-type'), where).toContain('application/problem+json');
          expect(Object.keys(problems), where).toContain(body.code);
          expect(body.status, where).toBe(response.status);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
  }, 120_000);
});
