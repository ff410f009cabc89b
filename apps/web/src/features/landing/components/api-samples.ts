/**
 * One real exchange with POST /v1/tokens/generate (ARCHITECTURE.md section 5), shown as cURL
 * and through the TypeScript SDK (packages/sdk). The code's last character is its valid check
 * character, and the sample credentials have the real formats (prefix, length, checksum).
 * packages/sdk/src/samples.test.ts runs both samples against the real server and compares the
 * answer with `sampleResponse`.
 */
export const SAMPLE_CODE = '7KQ4-M2XD-9HTV-CW3R-E';

const SAMPLE_CLIENT_ID = 'tqc_1YzaTYw6fvmOBRvmA4GeRJ5';
const SAMPLE_AUDIENCE = 'tqc_0HRuC6piGFjyzoPpi2cIXzU';
const SAMPLE_API_KEY = 'tqk_live_2OH20FqwYBPHc1LioezJq82CnaIM';
const SAMPLE_API_SECRET = 'tqs_live_ABsKZBSj2X7Jc8DVefuDypVnBnQf6nl3Uaf1Pf2VFnn0JlrCi';
const SAMPLE_TOKEN_ID = 'tok_4fJ9kQ2mXv7LpR8sT1wZ';

const SAMPLE_FULL_NAME = 'سارة عبدالله القحطاني';
const SAMPLE_NATIONAL_ID = '1098765432';

const requestBody = `{
  "data": {
    "full_name": "${SAMPLE_FULL_NAME}",
    "national_id": "${SAMPLE_NATIONAL_ID}"
  },
  "data_scope": ["identity"],
  "expires_in": 3600,
  "audience": "${SAMPLE_AUDIENCE}"
}`;

export const sampleResponse = `HTTP/1.1 201 Created
Content-Type: application/json; charset=utf-8
RateLimit-Policy: "minute";q=60;w=60, "hour";q=1000;w=3600
RateLimit: "minute";r=59;t=60, "hour";r=999;t=3600

${JSON.stringify(
  {
    success: true,
    token: SAMPLE_CODE,
    token_id: SAMPLE_TOKEN_ID,
    reference_id: SAMPLE_TOKEN_ID,
    created_at: '2025-03-18T09:30:00.000Z',
    expires_at: '2025-03-18T10:30:00.000Z',
    message: 'Token generated successfully',
  },
  null,
  2,
)}`;

const indent = (text: string, spaces: number) =>
  text
    .split('\n')
    .map((line, index) => (index === 0 ? line : ' '.repeat(spaces) + line))
    .join('\n');

/** The API lives on the same host as this page, so the samples point at it. */
export function curlSample(baseUrl: string) {
  return `export TANQIN_API_KEY="${SAMPLE_API_KEY}"
export TANQIN_API_SECRET="${SAMPLE_API_SECRET}"

# Authorization: Basic base64(api_key:api_secret)
export TANQIN_BASIC=$(printf '%s:%s' \\
  "$TANQIN_API_KEY" "$TANQIN_API_SECRET" | base64 | tr -d '\\n')

curl -X POST "${baseUrl}/v1/tokens/generate" \\
  -H "X-Client-Id: ${SAMPLE_CLIENT_ID}" \\
  -H "Authorization: Basic $TANQIN_BASIC" \\
  -H "Content-Type: application/json" \\
  -d '${indent(requestBody, 2)}'`;
}

export function sdkSample(baseUrl: string) {
  return `import { Tanqin } from '@tanqin/sdk';

const tanqin = new Tanqin({
  clientId: '${SAMPLE_CLIENT_ID}',
  apiKey: process.env.TANQIN_API_KEY, // tqk_live_...
  apiSecret: process.env.TANQIN_API_SECRET, // tqs_live_...
  baseUrl: '${baseUrl}',
});

const { token, expires_at } = await tanqin.tokens.generate({
  data: {
    full_name: '${SAMPLE_FULL_NAME}',
    national_id: '${SAMPLE_NATIONAL_ID}',
  },
  data_scope: ['identity'],
  expires_in: 3600,
});`;
}
