/**
 * What other modules use of public-api: import from here, never from a file of the module
 * (apps/api/test/import-cycles.test.ts fails on such an import).
 */
export { admitApiCall, oauthClientId, requestMeta } from './pipeline.ts';
export { callerOf } from './request-caller.ts';
export {
  BEFORE_AUTHENTICATION,
  billedSuccess,
  bodyProblems,
  noStoreHeader,
  pathProblems,
  pipelineProblems,
  v1Problems,
  v1Security,
} from './v1-answers.ts';
