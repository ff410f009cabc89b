export { DocumentsPage as Component } from '../features/documents/documents-page.tsx';
