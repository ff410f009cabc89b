export { PrivacyPage as Component } from '../features/public-pages/legal/privacy-page.tsx';
