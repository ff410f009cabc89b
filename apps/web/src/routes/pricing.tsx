export { PricingPage as Component } from '../features/public-pages/pricing/pricing-page.tsx';
