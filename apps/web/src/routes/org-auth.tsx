export { OrgAuthPage as Component } from '../features/org-auth/org-auth-page.tsx';
