/**
 * What other modules use of auth: import from here, never from a file of the module
 * (apps/api/test/import-cycles.test.ts fails on such an import).
 */
export {
  assertOwnOrganization,
  requireIndividual,
  requireMember,
  requireProvenIndividual,
  requireSession,
  requireUser,
} from './authenticate.ts';
export { type Attempt, assertNotLocked, clearFailures, recordFailure } from './lockout.ts';
export { endUserSessions, type Principal, startSession } from './sessions.service.ts';
export { signedInAnswer } from './signed-in.ts';
export {
  checkSecondFactor,
  disableTwoFactor,
  enableTwoFactor,
  secondFactorError,
  setupTwoFactor,
} from './two-factor.service.ts';
export { getUser } from './users.service.ts';
