/**
 * What other modules use of api-keys: import from here, never from a file of the module
 * (apps/api/test/import-cycles.test.ts fails on such an import).
 */
export {
  type ApiKeyCredential,
  cachedApiKeyCredential,
  findApiKeyCredential,
  isPreviousSecretValid,
  matchApiSecret,
} from './api-keys.service.ts';
