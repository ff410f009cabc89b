/**
 * What other modules use of request-log: import from here, never from a file of the module
 * (apps/api/test/import-cycles.test.ts fails on such an import).
 */
export { dayIn } from './request-analytics.service.ts';
