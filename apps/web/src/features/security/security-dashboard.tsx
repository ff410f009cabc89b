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

export const SECURITY_TABS = ['api-keys', 'network', 'events', 'requests'] as const;
export type SecurityTab = (typeof SECURITY_TABS)[number];

/** What the dashboard's section hands a screen; only the organisation's id and role are used. */
export interface SecurityDashboardProps {
  organization: { id: string; role: MemberRole };
}

const isSecurityTab = (value: string | null): value is SecurityTab =>
  (SECURITY_TABS as readonly string[]).includes(value ?? '');

/**
 * The security dashboard (spec section 2): statistics, the alert box, and four tabs. The keys
 * item opens it on the API keys tab, the verification item on the events tab; `?tab=` names
 * another (a key card and an event link to the request log).
 */
export function SecurityDashboard({
  organization,
  initialTab,
}: SecurityDashboardProps & { initialTab: SecurityTab }) {
  const { t } = useTranslation('security');
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab = isSecurityTab(requested) ? requested : initialTab;
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
      {permissions.canReadSecurity ? (
        <>
          <SecurityStatsPanel
            organizationId={organization.id}
            onShowEvents={() => setTab('events')}
          />
          <AnalyticsPanel organizationId={organization.id} />
        </>
      ) : (
        <RoleNotice message={t('roles.cannotRead')} />
      )}
      <Tabs value={tab} onValueChange={(value) => setTab(value as SecurityTab)}>
        <TabsList aria-label={t('tabs.label')}>
          <TabsTrigger value="api-keys">
            <KeyRound aria-hidden className="size-4" />
            {t('tabs.apiKeys')}
          </TabsTrigger>
          <TabsTrigger value="network">
            <MapPinned aria-hidden className="size-4" />
            {t('tabs.network')}
          </TabsTrigger>
          <TabsTrigger value="events">
            <ShieldAlert aria-hidden className="size-4" />
            {t('tabs.events')}
          </TabsTrigger>
          <TabsTrigger value="requests">
            <ListChecks aria-hidden className="size-4" />
            {t('tabs.requests')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="api-keys">
          <ApiKeysTab organizationId={organization.id} canManageKeys={permissions.canManageKeys} />
        </TabsContent>
        <TabsContent value="network">
          <NetworkTab organizationId={organization.id} permissions={permissions} />
        </TabsContent>
        <TabsContent value="events">
          <EventsTab organizationId={organization.id} permissions={permissions} />
        </TabsContent>
        <TabsContent value="requests">
          <RequestsTab organizationId={organization.id} permissions={permissions} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
