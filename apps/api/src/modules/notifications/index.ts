/**
 * What other modules use of notifications: import from here, never from a file of the module
 * (apps/api/test/import-cycles.test.ts fails on such an import).
 */
export {
  enqueueNotificationsCte,
  enqueueRequestWebhooks,
} from './notification-delivery.service.ts';
