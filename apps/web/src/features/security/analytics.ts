/** The security analytics chart, which the organisation dashboard shows too. */
export { AnalyticsPanel } from './analytics/analytics-panel.tsx';
