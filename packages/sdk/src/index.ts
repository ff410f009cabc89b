export { Tanqin, type TanqinOptions, Tokens } from './client.ts';
export { generateEncryptionKeyPair, openSealedData } from './double-lock.ts';
export {
  TanqinApiError,
  TanqinError,
  TanqinNetworkError,
  TanqinOAuthError,
  TanqinSealedDataError,
} from './errors.ts';
export type { FetchLike } from './http.ts';
export { isWellFormedToken } from './token-code.ts';
export type * from './types.ts';
