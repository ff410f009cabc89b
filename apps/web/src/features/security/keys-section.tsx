import { SecurityDashboard, type SecurityDashboardProps } from './security-dashboard.tsx';

/** The side menu's keys item: the security dashboard on its API keys tab (lazy-loaded). */
export default function KeysSection({ organization }: SecurityDashboardProps) {
  return <SecurityDashboard organization={organization} page="keys" />;
}
