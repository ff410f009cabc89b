/**
 * What other modules use of security: import from here, never from a file of the module
 * (apps/api/test/import-cycles.test.ts fails on such an import).
 */
export { noteFailure, organizationAimedAt } from './abuse-detection.service.ts';
export { countryGuard, keyIpsCheck, trustedIpGuard } from './network-policy.service.ts';
export {
  recordRefusedDestination,
  recordSecurityEvent,
  type SecurityEventInput,
} from './security-events.service.ts';
