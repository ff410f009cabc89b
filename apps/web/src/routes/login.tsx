export { LoginPage as Component } from '../features/personal-auth/login-page.tsx';
