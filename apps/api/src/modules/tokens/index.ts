/**
 * What other modules use of the one-time codes: services and helpers, never the write batcher's
 * or the routes' insides. Import from here, not from a file of the module.
 */
export { countActiveCodes } from './active-codes.ts';
export { effectiveStatus } from './code-status.ts';
export { canSealTo } from './double-lock.ts';
export { askForData, revokeLockedToken, verifyToken } from './tokens.service.ts';
export {
  cancelVerificationRequest,
  listOpenRequests,
  publicVerificationRequest,
  readVerificationRequest,
} from './verification-requests.service.ts';
