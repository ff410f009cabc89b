/**
 * What other modules use of wallet: import from here, never from a file of the module
 * (apps/api/test/import-cycles.test.ts fails on such an import).
 */
export {
  BILLED_CALL_COLUMNS,
  type BilledCall,
  billedCallRecord,
  billingCtes,
  isBillable,
  KEY_USE_FIRSTS_SQL,
  type KeyUseFirsts,
  type KeyUseFlags,
  keyUseFlags,
  NOT_BILLED_FLAGS,
  recordUsage,
  rememberKeyUse,
  riyalToMillis,
  unknownKeyUses,
} from './billing.service.ts';
export { startOfPeriod } from './periods.ts';
export { usageSinceParams, usageSinceSql } from './usage-rollups.ts';
