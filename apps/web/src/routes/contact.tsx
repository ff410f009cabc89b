export { ContactPage as Component } from '../features/public-pages/contact/contact-page.tsx';
