/**
 * What other modules use of documents: import from here, never from a file of the module
 * (apps/api/test/import-cycles.test.ts fails on such an import).
 */
export { type DocumentMoveReport, moveDocumentFiles } from './document-files-move.ts';
export {
  openContent,
  readSealedContent,
  sealContent,
  storeContent,
} from './document-storage.ts';
export { reviewDocument } from './documents.service.ts';
