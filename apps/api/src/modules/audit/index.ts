/**
 * What other modules use of audit: import from here, never from a file of the module
 * (apps/api/test/import-cycles.test.ts fails on such an import).
 */

export {
  type AuditAction,
  appendAudit,
  auditAppendCtes,
  auditShard,
  type CodeAuditAction,
  createAuditChains,
  verifyAuditChain,
} from './audit.service.ts';
export { runAuditCheckpoint } from './audit-checkpoints.ts';
export { RECEIPT_RETRY_SECONDS, receiptOf } from './audit-receipts.ts';
