export { PlaceholderPage as Component } from '../components/placeholder-page.tsx';
