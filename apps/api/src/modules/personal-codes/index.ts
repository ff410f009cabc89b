/**
 * What other modules use of personal-codes: import from here, never from a file of the module
 * (apps/api/test/import-cycles.test.ts fails on such an import).
 */
export { keepPersonalHistory } from './history-links.ts';
