import { can } from '@tanqin/shared';
import { CalendarDays } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AnalyticsPanel } from '../../security/analytics.ts';
import { formatJoinedDate } from '../format.ts';
import type { SectionProps } from '../sections.tsx';
import { Counters } from './counters.tsx';
import { CredentialsCard } from './credentials-card.tsx';
import { GuidesBanner } from './guides-banner.tsx';
import { SdkSnippetCard } from './sdk-snippet-card.tsx';

/**
 * The dashboard item: joined date, counters, the week's /v1 calls (for roles that read the
 * security center), guides, credentials and the SDK example.
 */
export function DashboardSection({ organization }: SectionProps) {
  const { t } = useTranslation('orgDashboard');
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <p className="text-lg font-semibold text-slate-900">
          {/* The header names the organisation; the welcome does not repeat it. */}
          {t('overview.welcome')}
        </p>
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <CalendarDays aria-hidden className="size-4" />
          {t('overview.joinedAt', { date: formatJoinedDate(organization.created_at) })}
        </p>
      </div>
      <Counters organizationId={organization.id} />
      {can(organization.role, 'security:read') ? (
        <AnalyticsPanel organizationId={organization.id} compact />
      ) : null}
      <GuidesBanner />
      <CredentialsCard
        organizationId={organization.id}
        clientId={organization.client_id}
        role={organization.role}
      />
      <SdkSnippetCard clientId={organization.client_id} />
    </div>
  );
}
