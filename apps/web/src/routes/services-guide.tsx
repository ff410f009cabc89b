export { ServicesGuidePage as Component } from '../features/public-pages/services-guide/services-guide-page.tsx';
