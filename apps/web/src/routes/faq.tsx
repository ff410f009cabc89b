export { FaqPage as Component } from '../features/public-pages/faq/faq-page.tsx';
