import { SecurityDashboard, type SecurityDashboardProps } from './security-dashboard.tsx';

/** The side menu's verification item: the security events monitor (lazy-loaded). */
export default function EventsSection({ organization }: SecurityDashboardProps) {
  return <SecurityDashboard organization={organization} page="verification" />;
}
