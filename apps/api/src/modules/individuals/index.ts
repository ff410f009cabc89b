/**
 * What other modules use of individuals: import from here, never from a file of the module
 * (apps/api/test/import-cycles.test.ts fails on such an import).
 */
export { MAX_CODE_ATTEMPTS, newConfirmationCode, takeSendSlot } from './individuals.service.ts';
