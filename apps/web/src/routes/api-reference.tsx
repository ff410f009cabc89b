export { ApiReferencePage as Component } from '../features/api-reference/api-reference-page.tsx';
