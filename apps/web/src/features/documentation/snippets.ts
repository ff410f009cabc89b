// The guides' code samples. They are code, so they are the same in every interface language;
// each takes the server's real address and the organisation's real client id.

/** A sample code with a valid check character, so a sample left unchanged is "not found", not "malformed". */
export const SAMPLE_TOKEN = '7KQ4-M2XD-9HTV-CW3R-E';
export const SAMPLE_TOKEN_ID = 'tok_5mQ2vK8xR3nW7pL9cT4h';
export const SAMPLE_BANK_CLIENT_ID = 'tqc_7Hc2pQ9wXk4mZ1vB8nR5tY0sLa3dF6';
export const SAMPLE_BANK_NAME = 'بنك الرياض الرقمي';

export const SAMPLE_PERSON = {
  full_name: 'محمد أحمد القحطاني',
  national_id: '1012345678',
};

const CREDENTIALS = '-u "$TANQIN_API_KEY:$TANQIN_API_SECRET"';

export interface SnippetContext {
  baseUrl: string;
  clientId: string;
}

const indentJson = (value: unknown, indent: string) =>
  JSON.stringify(value, null, 2).replaceAll('\n', `\n${indent}`);

export function envSnippet() {
  return `export TANQIN_API_KEY="tqk_live_..."     # the key shown after you create it
export TANQIN_API_SECRET="tqs_live_..."  # its secret, shown only once`;
}

/** One curl option per line, so a reader (and the end-to-end test) can follow each part. */
function curl(
  method: 'GET' | 'POST',
  url: string,
  headers: string[],
  body?: unknown,
  credentials = CREDENTIALS,
) {
  const lines = [`curl -X ${method} "${url}"`, `  ${credentials}`];
  for (const header of headers) lines.push(`  -H "${header}"`);
  if (body !== undefined) {
    lines.push('  -H "Content-Type: application/json"');
    lines.push(`  -d '${indentJson(body, '  ')}'`);
  }
  return lines.join(' \\\n');
}

export const generateBody = {
  data: SAMPLE_PERSON,
  data_scope: ['identity'],
  expires_in: 600,
};

export const generateCurl = ({ baseUrl, clientId }: SnippetContext) =>
  curl('POST', `${baseUrl}/v1/tokens/generate`, [`X-Client-Id: ${clientId}`], generateBody);

export const verifyCurl = ({ baseUrl, clientId }: SnippetContext) =>
  curl('POST', `${baseUrl}/v1/tokens/verify`, [`X-Client-Id: ${clientId}`], {
    token: SAMPLE_TOKEN,
  });

export const statusCurl = ({ baseUrl, clientId }: SnippetContext) =>
  curl('GET', `${baseUrl}/v1/tokens/${SAMPLE_TOKEN_ID}/status`, [`X-Client-Id: ${clientId}`]);

export const revokeCurl = ({ baseUrl, clientId }: SnippetContext) =>
  curl('POST', `${baseUrl}/v1/tokens/${SAMPLE_TOKEN_ID}/revoke`, [`X-Client-Id: ${clientId}`]);

export const audienceCurl = ({ baseUrl, clientId }: SnippetContext) =>
  curl('POST', `${baseUrl}/v1/tokens/generate`, [`X-Client-Id: ${clientId}`], {
    data: SAMPLE_PERSON,
    data_scope: ['identity'],
    expires_in: 900,
    audience: SAMPLE_BANK_CLIENT_ID,
    subject: { national_id: SAMPLE_PERSON.national_id },
  });

export const oauthTokenCurl = ({ baseUrl }: SnippetContext) =>
  [
    `curl -X POST "${baseUrl}/v1/oauth/token"`,
    `  ${CREDENTIALS}`,
    '  -H "Content-Type: application/x-www-form-urlencoded"',
    '  -d "grant_type=client_credentials"',
  ].join(' \\\n');

export const bearerCurl = ({ baseUrl, clientId }: SnippetContext) =>
  curl(
    'POST',
    `${baseUrl}/v1/tokens/verify`,
    [`X-Client-Id: ${clientId}`],
    { token: SAMPLE_TOKEN },
    '-H "Authorization: Bearer $ACCESS_TOKEN"',
  );

const json = (value: unknown) => JSON.stringify(value, null, 2);

export const generateResponse = () =>
  json({
    success: true,
    token: SAMPLE_TOKEN,
    token_id: SAMPLE_TOKEN_ID,
    reference_id: SAMPLE_TOKEN_ID,
    created_at: '2026-01-15T09:30:00.000Z',
    expires_at: '2026-01-15T09:40:00.000Z',
    message: 'Token generated successfully',
  });

export const verifyResponse = ({ clientId }: SnippetContext, organizationName: string) =>
  json({
    success: true,
    token_id: SAMPLE_TOKEN_ID,
    data: SAMPLE_PERSON,
    data_scope: ['identity'],
    issuer: { name: organizationName, client_id: clientId },
    verified_at: '2026-01-15T09:32:10.000Z',
  });

export const usedAgainResponse = () =>
  `HTTP/1.1 410 Gone
Content-Type: application/problem+json; charset=utf-8

${json({
  type: 'https://tanqin.sa/problems/token-used',
  title: 'Gone',
  status: 410,
  detail: 'This token has already been used',
  code: 'token_used',
})}`;

export const statusResponse = ({ clientId }: SnippetContext, organizationName: string) =>
  json({
    token_id: SAMPLE_TOKEN_ID,
    status: 'used',
    created_at: '2026-01-15T09:30:00.000Z',
    expires_at: '2026-01-15T09:40:00.000Z',
    used_at: '2026-01-15T09:32:10.000Z',
    used_by: { name: organizationName, client_id: clientId },
  });

export const oauthTokenResponse = () =>
  json({
    access_token: 'eyJhbGciOiJIUzI1NiJ9...',
    token_type: 'Bearer',
    expires_in: 3600,
    scope: 'token:generate token:verify',
  });

export const revokeResponse = () => json({ success: true, status: 'revoked' });

export const rateLimitHeaders = () =>
  `RateLimit-Policy: "minute";q=60;w=60, "hour";q=1000;w=3600
RateLimit: "minute";r=59;t=60, "hour";r=999;t=3600`;

export const rateLimitedResponse = () =>
  `HTTP/1.1 429 Too Many Requests
Retry-After: 42
RateLimit: "minute";r=0;t=42, "hour";r=940;t=3170
Content-Type: application/problem+json; charset=utf-8

${json({
  type: 'https://tanqin.sa/problems/rate-limited',
  title: 'Too Many Requests',
  status: 429,
  detail: 'Rate limit per minute exceeded; retry in 42 s',
  code: 'rate_limited',
})}`;

export const validationProblem = () =>
  json({
    type: 'https://tanqin.sa/problems/validation-failed',
    title: 'Bad Request',
    status: 400,
    detail: 'The request has invalid fields',
    code: 'validation_failed',
    errors: [
      {
        path: 'expires_in',
        code: 'invalidValue',
        message: 'Too small: expected number to be >=60',
      },
    ],
    detail_ar: 'قيمة غير صالحة',
  });

export const sdkSnippet = ({
  baseUrl,
  clientId,
}: SnippetContext) => `import { Tanqin, TanqinApiError } from '@tanqin/sdk';

const tanqin = new Tanqin({
  clientId: '${clientId}',
  apiKey: process.env.TANQIN_API_KEY,
  apiSecret: process.env.TANQIN_API_SECRET,
  baseUrl: '${baseUrl}',
});

// Issue a code for 15 minutes, addressed to a bank and tied to its holder.
const issued = await tanqin.tokens.generate({
  data: { full_name: '${SAMPLE_PERSON.full_name}', national_id: '${SAMPLE_PERSON.national_id}' },
  data_scope: ['identity'],
  expires_in: 900,
  audience: '${SAMPLE_BANK_CLIENT_ID}',
  subject: { national_id: '${SAMPLE_PERSON.national_id}' },
});
console.log(issued.token, issued.token_id);

// On the audience's server: verify what its employee typed, once.
try {
  const { data, issuer } = await tanqin.tokens.verify(typedCode);
  console.log(issuer.name, data);
} catch (error) {
  if (error instanceof TanqinApiError && error.code === 'token_used') {
    // Ask the person for a new code.
  } else {
    throw error;
  }
}

const { status, used_at } = await tanqin.tokens.status(issued.token_id);
await tanqin.tokens.revoke(issued.token_id); // needs the token:revoke scope
`;

/** The audit log's public side needs no credentials. */
const publicCurl = (url: string) => `curl "${url}"`;

export const latestCheckpointCurl = ({ baseUrl }: SnippetContext) =>
  publicCurl(`${baseUrl}/v1/audit/checkpoints/latest`);

export const checkpointCurl = ({ baseUrl }: SnippetContext) =>
  publicCurl(`${baseUrl}/v1/audit/checkpoints/41`);

export const consistencyCurl = ({ baseUrl }: SnippetContext) =>
  publicCurl(`${baseUrl}/v1/audit/consistency?from=1200&to=1337`);

/** A signed checkpoint as the server answers it (text/plain). */
export const checkpointResponse = ({ baseUrl }: SnippetContext, id = 42) =>
  [
    `${new URL(baseUrl).host}/audit`,
    '1337',
    'mo6fIJIQ1dQv8A2oRMW2UjbvQ0FfS0xJ7F8gk7sJ0qE=',
    `checkpoint ${id}`,
    'time 2026-01-15T09:33:00.000Z',
    `previous ${id - 1} 3fWq0vJ4S2b8gqk7yPq1X9Q2l1mZ8c0vQm2yZ0nq3rA=`,
    '',
    `— ${new URL(baseUrl).host}/audit 5bmTVq0dV...`,
  ].join('\n');

export const consistencyResponse = () =>
  json({
    from_size: 1200,
    to_size: 1337,
    proof: ['0ebc5d3437fbe2db158b9f126a1d118e3081...', 'ca854ea128ed050b41b35ffc1b87b8eb2bde...'],
  });

const SAMPLE_ORGANIZATION_ID = '0b5c7a4e-3c1f-4f7e-9a51-2f9c7d1e8a10';

export const auditOrganizationCurl = ({ baseUrl }: SnippetContext) =>
  publicCurl(`${baseUrl}/v1/audit/organizations/${SAMPLE_ORGANIZATION_ID}`);

export const auditOrganizationResponse = (organizationName: string) =>
  json({ id: SAMPLE_ORGANIZATION_ID, name: organizationName, type: 'private' });

export const receiptCurl = ({ baseUrl, clientId }: SnippetContext) =>
  curl('GET', `${baseUrl}/v1/tokens/${SAMPLE_TOKEN_ID}/receipt`, [`X-Client-Id: ${clientId}`]);

export const receiptResponse = (context: SnippetContext) =>
  json({
    token_id: SAMPLE_TOKEN_ID,
    entries: [
      {
        kind: 'issued',
        leaf: 'eyJ2IjoxLCJvcmdhbml6YXRpb25faWQiOiI...',
        leaf_index: 1290,
        tree_size: 1337,
        inclusion_proof: [
          'bc1a0643b12e4d2d7c77918f44e0f4f79a83...',
          'ca854ea128ed050b41b35ffc1b87b8eb2bde...',
        ],
        checkpoint: checkpointResponse(context),
      },
    ],
    pending: ['used'],
  });

/** Verify's answer for a double-locked code: the sealed data in place of `data`. */
export const sealedVerifyResponse = ({ clientId }: SnippetContext, organizationName: string) =>
  json({
    success: true,
    token_id: SAMPLE_TOKEN_ID,
    encryption: 'hpke',
    enc: 'Xl9pV3hQe6m1bq8Ck2Rz0tYdJf4uNw7sAhGcLkE5vTo',
    ciphertext: 'q0sV7wX2...Jm4Pz8',
    data_scope: ['identity'],
    issuer: { name: organizationName, client_id: clientId },
    verified_at: '2026-01-15T09:32:10.000Z',
  });

/** A key pair made with OpenSSL, and its public key as the API takes it. */
export const openSslKeyPair = () =>
  `openssl genpkey -algorithm X25519 -out tanqin-private-key.pem
openssl pkey -in tanqin-private-key.pem -pubout -outform DER | tail -c 32 | basenc --base64url | tr -d '='`;

export const doubleLockSdkSnippet = ({
  baseUrl,
  clientId,
}: SnippetContext) => `import { readFileSync } from 'node:fs';
import { generateEncryptionKeyPair, Tanqin } from '@tanqin/sdk';

// Once, where the key will be used: register publicKey, keep privateKey (PKCS#8 PEM) to yourself.
const { publicKey, privateKey } = await generateEncryptionKeyPair();

// Then verify opens double-locked data in your process with the private key.
const tanqin = new Tanqin({
  clientId: '${clientId}',
  apiKey: process.env.TANQIN_API_KEY,
  apiSecret: process.env.TANQIN_API_SECRET,
  baseUrl: '${baseUrl}',
  privateKey: readFileSync('tanqin-private-key.pem', 'utf8'),
});
const { data } = await tanqin.tokens.verify(typedCode);
`;

/** The offline check of a downloaded receipt, from a checkout of Tanqin. */
export const auditVerifyReceipt = ({ baseUrl }: SnippetContext) =>
  `curl -o tanqin-audit-keys.json "${baseUrl}/.well-known/tanqin-audit-keys"
npm run audit:verify -- --receipt tanqin-receipt-${SAMPLE_TOKEN_ID}.json --keys tanqin-audit-keys.json`;

/** What the command prints for a receipt whose entries all check (exit code 0). */
export const auditVerifyReceiptOutput = ({ baseUrl }: SnippetContext) => {
  const origin = `${new URL(baseUrl).host}/audit`;
  return [
    ['issued', '2026-01-15T09:20:04.000Z', 1290],
    ['used', '2026-01-15T09:32:10.000Z', 1334],
  ]
    .map(
      ([kind, at, leaf]) =>
        `ok  ${kind} ${SAMPLE_TOKEN_ID} at ${at}: leaf ${leaf} of checkpoint 42 (${origin}, 1337 entries), signed by ${origin}`,
    )
    .join('\n');
};

export const auditVerifyCheckpoints = () =>
  'npm run audit:verify -- --checkpoints run.json --keys tanqin-audit-keys.json';

export const SAMPLE_REQUEST_ID = 'vrq_8HcL2pQx9RtV4wYk1ZmN6bJ';

export const createRequestCurl = ({ baseUrl, clientId }: SnippetContext) =>
  curl('POST', `${baseUrl}/v1/verification-requests`, [`X-Client-Id: ${clientId}`], {
    fields: ['full_name', 'national_id'],
    purpose: 'فتح حساب',
    expires_in: 600,
  });

export const getRequestCurl = ({ baseUrl, clientId }: SnippetContext) =>
  curl('GET', `${baseUrl}/v1/verification-requests/${SAMPLE_REQUEST_ID}`, [
    `X-Client-Id: ${clientId}`,
  ]);

export const cancelRequestCurl = ({ baseUrl, clientId }: SnippetContext) =>
  curl('POST', `${baseUrl}/v1/verification-requests/${SAMPLE_REQUEST_ID}/cancel`, [
    `X-Client-Id: ${clientId}`,
  ]);

/** The issuer's answer: the code addressed to the request's audience, with the number picked. */
export const answerRequestCurl = ({ baseUrl, clientId }: SnippetContext) =>
  curl('POST', `${baseUrl}/v1/tokens/generate`, [`X-Client-Id: ${clientId}`], {
    data: SAMPLE_PERSON,
    request_id: SAMPLE_REQUEST_ID,
    match_number: '47',
  });

export const requestResponse = (
  { baseUrl }: SnippetContext,
  status: 'pending' | 'fulfilled' | 'cancelled' = 'pending',
) =>
  json({
    viewer: 'audience',
    request_id: SAMPLE_REQUEST_ID,
    status,
    fields: ['full_name', 'national_id'],
    purpose: 'فتح حساب',
    created_at: '2026-01-15T09:30:00.000Z',
    expires_at: '2026-01-15T09:40:00.000Z',
    link: `${baseUrl}/r/${SAMPLE_REQUEST_ID}`,
    match_number: '47',
    token_id: status === 'fulfilled' ? SAMPLE_TOKEN_ID : null,
    token: status === 'fulfilled' ? SAMPLE_TOKEN : null,
  });
