export { TermsPage as Component } from '../features/public-pages/legal/terms-page.tsx';
