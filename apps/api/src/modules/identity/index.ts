/**
 * What other modules use of identity: import from here, never from a file of the module
 * (apps/api/test/import-cycles.test.ts fails on such an import).
 */
export { DEV_SIGNING_KEY_ID } from './dev-identity-provider-store.ts';
export { assertSubjectNotLocked, refuseLockedUse } from './identity-lock.service.ts';
