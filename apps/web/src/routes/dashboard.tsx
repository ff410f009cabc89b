export { PersonalDashboardPage as Component } from '../features/personal-dashboard/personal-dashboard-page.tsx';
