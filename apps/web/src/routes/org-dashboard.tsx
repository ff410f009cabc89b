export { OrgDashboardPage as Component } from '../features/org-dashboard/org-dashboard-page.tsx';
