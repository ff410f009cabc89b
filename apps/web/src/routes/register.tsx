export { RegisterPage as Component } from '../features/personal-auth/register-page.tsx';
