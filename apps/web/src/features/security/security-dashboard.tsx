import type { MemberRole } from '@tanqin/shared';
import { KeyRound, ListChecks, MapPinned, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { AnalyticsPanel } from './analytics/analytics-panel.tsx';
import { ApiKeysTab } from './api-keys/api-keys-tab.tsx';
import { RoleNotice } from './components/role-notice.tsx';
import { SecurityStatsPanel } from './components/security-stats.tsx';
import { EventsTab } from './events/events-tab.tsx';
import { NetworkTab } from './network/network-tab.tsx';
import { securityPermissions } from './permissions.ts';
import { RequestsTab } from './requests/requests-tab.tsx';

/** The tabs of each of the two security pages: one menu item, one page, no tab in both. */
export const SECURITY_PAGES = {
  keys: ['api-keys', 'network'],
  verification: ['events', 'requests'],
} as const;
export type SecurityPage = keyof typeof SECURITY_PAGES;
export type SecurityTab = (typeof SECURITY_PAGES)[SecurityPage][number];

/** What the dashboard's section hands a screen; only the organisation's id and role are used. */
export interface SecurityDashboardProps {
  organization: { id: string; role: MemberRole };
}

const TAB_ICONS: Record<SecurityTab, typeof KeyRound> = {
  'api-keys': KeyRound,
  network: MapPinned,
  events: ShieldAlert,
  requests: ListChecks,
};
const TAB_LABELS = {
  'api-keys': 'tabs.apiKeys',
  network: 'tabs.network',
  events: 'tabs.events',
  requests: 'tabs.requests',
} as const;

/**
 * The security screens (spec section 2), as two pages of the side menu. The keys item manages the
 * API keys and the IP and country controls; the verification item shows the statistics, the alert
 * box, the traffic chart, the security events and the request log. `?tab=` names one of the
 * page's tabs (the alert box opens the events).
 */
export function SecurityDashboard({
  organization,
  page,
}: SecurityDashboardProps & { page: SecurityPage }) {
  const { t } = useTranslation('security');
  const [search, setSearch] = useSearchParams();
  const tabs: readonly SecurityTab[] = SECURITY_PAGES[page];
  const requested = search.get('tab');
  const tab = tabs.find((id) => id === requested) ?? tabs[0]!;
  const setTab = (next: SecurityTab) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('tab', next);
        return params;
      },
      { replace: true },
    );
  const permissions = securityPermissions(organization.role);

  return (
    <div className="space-y-8">
      {page === 'verification' ? (
        permissions.canReadSecurity ? (
          <>
            <SecurityStatsPanel
              organizationId={organization.id}
              onShowEvents={() => setTab('events')}
            />
            <AnalyticsPanel organizationId={organization.id} />
          </>
        ) : (
          <RoleNotice message={t('roles.cannotRead')} />
        )
      ) : null}
      <Tabs value={tab} onValueChange={(value) => setTab(value as SecurityTab)}>
        <TabsList aria-label={t('tabs.label')}>
          {tabs.map((id) => {
            const Icon = TAB_ICONS[id];
            return (
              <TabsTrigger key={id} value={id}>
                <Icon aria-hidden className="size-4" />
                {t(TAB_LABELS[id])}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {tabs.includes('api-keys') ? (
          <TabsContent value="api-keys">
            <ApiKeysTab
              organizationId={organization.id}
              canManageKeys={permissions.canManageKeys}
            />
          </TabsContent>
        ) : null}
        {tabs.includes('network') ? (
          <TabsContent value="network">
            <NetworkTab organizationId={organization.id} permissions={permissions} />
          </TabsContent>
        ) : null}
        {tabs.includes('events') ? (
          <TabsContent value="events">
            <EventsTab organizationId={organization.id} permissions={permissions} />
          </TabsContent>
        ) : null}
        {tabs.includes('requests') ? (
          <TabsContent value="requests">
            <RequestsTab organizationId={organization.id} permissions={permissions} />
          </TabsContent>
        ) : null}
      </Tabs>
    </div>
  );
}
