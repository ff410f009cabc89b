export { ForgotPasswordPage as Component } from '../features/personal-auth/forgot-password-page.tsx';
