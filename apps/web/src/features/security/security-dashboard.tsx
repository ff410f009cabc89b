import type { MemberRole } from '@tanqin/shared';
import { KeyRound, MapPinned, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { ApiKeysTab } from './api-keys/api-keys-tab.tsx';
import { RoleNotice } from './components/role-notice.tsx';
import { SecurityStatsPanel } from './components/security-stats.tsx';
import { EventsTab } from './events/events-tab.tsx';
import { NetworkTab } from './network/network-tab.tsx';
import { securityPermissions } from './permissions.ts';

export const SECURITY_TABS = ['api-keys', 'network', 'events'] as const;
export type SecurityTab = (typeof SECURITY_TABS)[number];

/** What the dashboard's section hands a screen; only the organisation's id and role are used. */
export interface SecurityDashboardProps {
  organization: { id: string; role: MemberRole };
}

/**
 * The security dashboard (spec section 2): statistics, the alert box, and three tabs. The
 * keys item opens it on the API keys tab, the verification item on the events tab.
 */
export function SecurityDashboard({
  organization,
  initialTab,
}: SecurityDashboardProps & { initialTab: SecurityTab }) {
  const { t } = useTranslation('security');
  const [tab, setTab] = useState<SecurityTab>(initialTab);
  const permissions = securityPermissions(organization.role);

  return (
    <div className="space-y-8">
      {permissions.canReadSecurity ? (
        <SecurityStatsPanel
          organizationId={organization.id}
          onShowEvents={() => setTab('events')}
        />
      ) : (
        <RoleNotice message={t('roles.cannotRead')} />
      )}
      <Tabs value={tab} onValueChange={(value) => setTab(value as SecurityTab)} dir="rtl">
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
      </Tabs>
    </div>
  );
}
