export { Tanqin, type TanqinOptions, Tokens, VerificationRequests } from './client.ts';
export { codeToQrSvg } from './code-qr.ts';
export { generateEncryptionKeyPair, openSealedData } from './double-lock.ts';
export {
  TanqinApiError,
  TanqinError,
  TanqinNetworkError,
  TanqinOAuthError,
  TanqinSealedDataError,
} from './errors.ts';
export type { FetchLike } from './http.ts';
export {
  isTestNationalId,
  TEST_NATIONAL_ID_PREFIXES,
  TEST_NATIONAL_IDS,
} from './test-national-ids.ts';
export { formatToken, isWellFormedToken } from './token-code.ts';
export type * from './types.ts';
