/**
 * What other modules use of account-notices: import from here, never from a file of the module
 * (apps/api/test/import-cycles.test.ts fails on such an import).
 */
export { deleteFailedAccountNotices, queueAccountNotice } from './account-notices.service.ts';
