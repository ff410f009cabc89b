import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiReferencePage } from './api-reference-page.tsx';
import type { OpenApiDocument } from './openapi.ts';

const jsonValue = { $ref: '#/components/schemas/JsonValue' };

/** A small document in the shape the server serves: components, $refs, a path parameter. */
const stub: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Stub API', version: '9.9.9', description: 'Send `X-Client-Id` always.' },
  security: [{ basicAuth: [], clientId: [] }],
  paths: {
    '/v1/things': {
      post: {
        summary: 'Create a thing (scope thing:write)',
        security: [
          { basicAuth: [], clientId: [] },
          { oauth2: ['thing:write'], clientId: [] },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/ThingRequest' } },
          },
        },
        responses: {
          '201': {
            description: 'Created',
            headers: { RateLimit: { schema: { type: 'string' } } },
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { id: { type: 'string', examples: ['thg_1'] } },
                },
              },
            },
          },
          '400': {
            description: 'Not acceptable\n- `validation_failed`: a field is invalid',
            content: {
              'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
            },
          },
        },
      },
    },
    '/v1/things/{thing_id}': {
      get: {
        summary: 'Read a thing',
        parameters: [{ name: 'thing_id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'The thing' } },
      },
    },
    '/v1/token': {
      post: {
        summary: 'Get a token',
        security: [],
        requestBody: {
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                required: ['grant_type'],
                properties: {
                  grant_type: { const: 'client_credentials' },
                  scope: { type: 'string' },
                },
              },
            },
          },
        },
        responses: { '200': { description: 'A token' } },
      },
    },
  },
  webhooks: {
    securityEvent: {
      post: {
        summary: 'A security event, sent to a webhook notification preference',
        description: 'Signed in `webhook-signature`.',
        security: [],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['type', 'data'],
                properties: {
                  type: { type: 'string', examples: ['security.key_first_use'] },
                  data: {
                    type: 'object',
                    required: ['descriptions'],
                    properties: {
                      descriptions: {
                        type: 'object',
                        required: ['ar', 'en'],
                        properties: { ar: { type: 'string' }, en: { type: 'string' } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
        responses: { '200': { description: 'Received (any 2xx)' } },
      },
    },
  },
  components: {
    schemas: {
      ThingRequest: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 40 },
          size: { type: 'integer', minimum: 1, maximum: 9, default: 3 },
          payload: jsonValue,
        },
      },
      // As the server describes any JSON value: no constraint, so generators can type it.
      JsonValue: {
        description: 'Any JSON value: a string, number, boolean, null, array or object',
      },
      Problem: {
        type: 'object',
        required: ['code'],
        properties: { code: { type: 'string' }, detail: { type: 'string' } },
      },
    },
  },
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    statusText: status === 201 ? 'Created' : status === 200 ? 'OK' : '',
    headers: { 'content-type': 'application/json', ...headers },
  });

function mockApi(answer: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    url === '/v1/openapi.json' ? json(200, stub) : answer(url, init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/docs', Component: ApiReferencePage }], {
    initialEntries: ['/docs'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const operation = (name: string) => screen.getByRole('region', { name });

describe('interactive API reference', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('renders every operation of the document with parameters, body schema and responses', async () => {
    mockApi(() => json(500, {}));
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 3, name: 'POST /v1/things' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 3, name: 'GET /v1/things/{thing_id}' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'POST /v1/token' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'المسارات' })).getAllByRole('link'),
    ).toHaveLength(4);
    expect(screen.getByText('9.9.9')).toBeInTheDocument();

    const create = operation('POST /v1/things');
    expect(within(create).getByText('Create a thing (scope thing:write)')).toBeInTheDocument();
    expect(within(create).getByText('thing:write')).toBeInTheDocument();
    // The body schema, through its $ref: required, limits, default, a JSON value.
    const name = within(create).getByText('name').parentElement!;
    expect(name).toHaveTextContent('string');
    expect(name).toHaveTextContent('مطلوب');
    expect(name).toHaveTextContent('الطول: 1..40');
    const size = within(create).getByText('size').parentElement!;
    expect(size).toHaveTextContent('اختياري');
    expect(size).toHaveTextContent('المدى: 1..9');
    expect(size).toHaveTextContent('الافتراضي: 3');
    expect(within(create).getByText('payload').parentElement).toHaveTextContent('أي قيمة JSON');
    const example = within(create).getByRole('region', { name: 'مثال: جسم الطلب' });
    expect(example).toHaveAttribute('dir', 'ltr');
    expect(JSON.parse(example.textContent ?? '')).toEqual({
      name: 'string',
      size: 3,
      payload: null, // any JSON value: nothing to prefer, the plainest one
    });
    // Responses: status, description, headers, an example from the schema's own examples.
    expect(within(create).getByText('201')).toBeInTheDocument();
    expect(within(create).getByText('RateLimit: string')).toBeInTheDocument();
    expect(within(create).getByRole('region', { name: 'مثال 201' }).textContent).toContain(
      '"thg_1"',
    );
    expect(within(create).getByText('validation_failed')).toBeInTheDocument();

    const read = operation('GET /v1/things/{thing_id}');
    expect(within(read).getByText('thing_id').parentElement).toHaveTextContent('في المسار');
  });

  it('tells the double lock and the audit receipts, linked from the top', async () => {
    mockApi(() => json(500, {}));
    renderPage();
    const summary = await screen.findByRole('region', { name: 'ضمانات تتحقق منها بنفسك' });
    const link = within(summary).getByRole('link', { name: /القفل الثاني/ });
    expect(link).toHaveAttribute('href', '#double-lock-title');
    expect(
      screen.getByRole('heading', {
        level: 3,
        name: 'القفل الثاني: بيانات لا يفتحها إلا مفتاح جهتك',
      }),
    ).toHaveAttribute('id', 'double-lock-title');
    expect(screen.getByRole('region', { name: 'التحقق من إيصال دون اتصال' }).textContent).toContain(
      'npm run audit:verify -- --receipt',
    );
  });

  it('describes each webhook the server sends: what it is, its body and an example, no try-out', async () => {
    mockApi(() => json(500, {}));
    renderPage();
    const webhook = await screen.findByRole('region', { name: 'Webhook securityEvent' });
    const link = within(screen.getByRole('navigation', { name: 'المسارات' })).getByRole('link', {
      name: /securityEvent/,
    });
    expect(link).toHaveAttribute('href', '#webhook-securityEvent');
    expect(within(webhook).getByText(/حدث أمني يُرسل إلى رابط Webhook/)).toBeInTheDocument();
    expect(within(webhook).getByText('webhook-signature')).toBeInTheDocument();
    expect(within(webhook).getByText('descriptions').parentElement).toHaveTextContent('مطلوب');
    const example = within(webhook).getByRole('region', { name: 'مثال: جسم الرسالة' });
    expect(JSON.parse(example.textContent ?? '')).toEqual({
      type: 'security.key_first_use',
      data: { descriptions: { ar: 'string', en: 'string' } },
    });
    expect(within(webhook).queryByRole('button', { name: 'جرّب الطلب' })).toBeNull();
  });

  it('sends a real request with the entered credentials and shows status, headers and body', async () => {
    const fetchMock = mockApi(() =>
      json(201, { id: 'thg_42' }, { ratelimit: '"minute";r=59;t=60' }),
    );
    renderPage();
    await screen.findByRole('heading', { level: 3, name: 'POST /v1/things' });
    await userEvent.type(screen.getByLabelText('معرّف العميل (X-Client-Id)'), 'tqc_client');
    await userEvent.type(screen.getByLabelText('مفتاح API', { exact: true }), 'tqk_live_key');
    await userEvent.type(screen.getByLabelText('سر المفتاح'), 'tqs_live_secret');

    const create = operation('POST /v1/things');
    const open = within(create).getByRole('button', { name: 'جرّب الطلب' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    // The body starts as a valid request: the required fields only.
    expect(
      JSON.parse((within(create).getByLabelText(/الجسم/) as HTMLTextAreaElement).value),
    ).toEqual({
      name: 'string',
    });
    await userEvent.click(within(create).getByRole('button', { name: 'إرسال الطلب' }));

    const result = await within(create).findByRole('region', { name: 'النتيجة' });
    expect(await within(result).findByText('201 Created')).toBeInTheDocument();
    expect(result).toHaveTextContent('ratelimit: "minute";r=59;t=60');
    expect(within(result).getByRole('region', { name: 'جسم الإجابة' })).toHaveTextContent(
      '"id": "thg_42"',
    );

    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe('/v1/things');
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit' });
    expect(init!.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Client-Id': 'tqc_client',
      Authorization: `Basic ${btoa('tqk_live_key:tqs_live_secret')}`,
    });
  });

  it('shows a one-time code an answer carries with its QR, and nothing for another token', async () => {
    let answer: unknown = { token: '7kq4 m2xd 9htv cw3r e' };
    mockApi(() => json(201, answer));
    renderPage();
    await screen.findByRole('heading', { level: 3, name: 'POST /v1/things' });
    const create = operation('POST /v1/things');
    await userEvent.click(within(create).getByRole('button', { name: 'جرّب الطلب' }));
    await userEvent.click(within(create).getByRole('button', { name: 'إرسال الطلب' }));
    const result = await within(create).findByRole('region', { name: 'النتيجة' });
    const qr = await within(result).findByRole('img', {
      name: 'رمز QR يحمل الرمز 7KQ4-M2XD-9HTV-CW3R-E وحده',
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);

    answer = { token: 'ABCD-not-a-code' };
    await userEvent.click(within(create).getByRole('button', { name: 'إرسال الطلب' }));
    await within(result).findByText(/ABCD-not-a-code/);
    expect(within(result).queryByRole('img')).toBeNull();
  });

  it('fills path parameters, sends a bearer token, and refuses a missing parameter', async () => {
    const fetchMock = mockApi(() => json(200, { id: 'thg 1' }));
    renderPage();
    await screen.findByRole('heading', { level: 3, name: 'GET /v1/things/{thing_id}' });
    await userEvent.type(screen.getByLabelText('معرّف العميل (X-Client-Id)'), 'tqc_client');
    await userEvent.click(screen.getByRole('radio', { name: 'رمز وصول (Bearer)' }));
    await userEvent.type(screen.getByLabelText('رمز الوصول'), 'jwt.value');

    const read = operation('GET /v1/things/{thing_id}');
    await userEvent.click(within(read).getByRole('button', { name: 'جرّب الطلب' }));
    await userEvent.click(within(read).getByRole('button', { name: 'إرسال الطلب' }));
    expect(within(read).getByRole('alert')).toHaveTextContent('أدخل قيمة المعامل thing_id.');

    await userEvent.type(within(read).getByLabelText('thing_id'), 'thg 1');
    await userEvent.click(within(read).getByRole('button', { name: 'إرسال الطلب' }));
    expect(await within(read).findByText('200 OK')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe('/v1/things/thg%201');
    expect(init!.body).toBeUndefined();
    expect(init!.headers).toMatchObject({
      'X-Client-Id': 'tqc_client',
      Authorization: 'Bearer jwt.value',
    });
  });

  it('sends a form body without X-Client-Id where the operation needs no API credentials', async () => {
    const fetchMock = mockApi(() => json(200, { access_token: 'new.jwt' }));
    renderPage();
    await screen.findByRole('heading', { level: 3, name: 'POST /v1/token' });
    await userEvent.type(screen.getByLabelText('مفتاح API', { exact: true }), 'tqk_live_key');
    await userEvent.type(screen.getByLabelText('سر المفتاح'), 'tqs_live_secret');
    const token = operation('POST /v1/token');
    await userEvent.click(within(token).getByRole('button', { name: 'جرّب الطلب' }));
    expect((within(token).getByLabelText(/الجسم/) as HTMLTextAreaElement).value).toBe(
      'grant_type=client_credentials',
    );
    await userEvent.click(within(token).getByRole('button', { name: 'إرسال الطلب' }));
    await within(token).findByText('200 OK');
    const [, init] = fetchMock.mock.calls.at(-1)!;
    expect(init!.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: `Basic ${btoa('tqk_live_key:tqs_live_secret')}`,
    });
    // The new access token can be used for the other operations.
    await userEvent.click(
      within(token).getByRole('button', { name: 'استخدم رمز الوصول هذا في التجارب' }),
    );
    expect(screen.getByRole('radio', { name: 'رمز وصول (Bearer)' })).toBeChecked();
    expect(screen.getByLabelText('رمز الوصول')).toHaveValue('new.jwt');
  });

  it('says when the document cannot be loaded and asks again', async () => {
    let isFailing = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (isFailing ? new Response('down', { status: 503 }) : json(200, stub))),
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('تعذر تحميل وصف الواجهة');
    isFailing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(
      await screen.findByRole('heading', { level: 3, name: 'POST /v1/things' }),
    ).toBeInTheDocument();
  });
});
