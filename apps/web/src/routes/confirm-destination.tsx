export { ConfirmDestinationPage as Component } from '../features/public-pages/confirm-destination/confirm-destination-page.tsx';
