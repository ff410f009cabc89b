export { AboutPage as Component } from '../features/public-pages/about/about-page.tsx';
