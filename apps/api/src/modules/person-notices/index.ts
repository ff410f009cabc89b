/**
 * What other modules use of person-notices: import from here, never from a file of the module
 * (apps/api/test/import-cycles.test.ts fails on such an import).
 */
export { deleteDoneNoticeDeliveries } from './notice-delivery.ts';
