/**
 * What other modules use of organizations: import from here, never from a file of the module
 * (apps/api/test/import-cycles.test.ts fails on such an import).
 */
export {
  getMembership,
  type Membership,
  type Organization,
  publicOrganizationName,
} from './organizations.service.ts';
