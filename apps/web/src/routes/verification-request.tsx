export { VerificationRequestPage as Component } from '../features/public-pages/verification-request/verification-request-page.tsx';
