/**
 * The SDK initialisation example with the organisation's own client id and this server as the
 * base URL. It is code, so it is the same in every interface language. It runs as shown:
 * packages/sdk/src/samples.test.ts executes it against the real server with the real SDK.
 */
export function buildSdkSnippet(clientId: string, baseUrl: string) {
  return `import { Tanqin } from '@tanqin/sdk';

const tanqin = new Tanqin({
  clientId: '${clientId}',
  apiKey: process.env.TANQIN_API_KEY,
  apiSecret: process.env.TANQIN_API_SECRET,
  baseUrl: '${baseUrl}',
});

const { token, expires_at } = await tanqin.tokens.generate({
  data: { full_name: 'محمد أحمد', national_id: '1012345678' },
  data_scope: ['identity'],
  expires_in: 3600,
});
`;
}
