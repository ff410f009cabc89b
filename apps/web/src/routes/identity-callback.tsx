export { IdentityCallbackPage as Component } from '../features/identity/identity-callback-page.tsx';
