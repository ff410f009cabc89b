export { DocumentationPage as Component } from '../features/documentation/documentation-page.tsx';
