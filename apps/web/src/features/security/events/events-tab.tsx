import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { RoleNotice } from '../components/role-notice.tsx';
import type { SecurityPermissions } from '../permissions.ts';
import { NotificationSettingsPanel } from './notification-settings-panel.tsx';
import { SecurityEventsPanel } from './security-events-panel.tsx';

/** The security events tab: the events monitor and the notification settings. */
export function EventsTab({
  organizationId,
  permissions,
}: {
  organizationId: string;
  permissions: SecurityPermissions;
}) {
  const { t } = useTranslation('security');
  if (!permissions.canReadSecurity) return <RoleNotice message={t('roles.cannotRead')} />;
  return (
    <Tabs defaultValue="events">
      <TabsList aria-label={t('events.subTabsLabel')} className="w-fit">
        <TabsTrigger value="events">{t('events.eventsTab')}</TabsTrigger>
        <TabsTrigger value="notifications">{t('events.notificationsTab')}</TabsTrigger>
      </TabsList>
      <TabsContent value="events">
        <SecurityEventsPanel
          organizationId={organizationId}
          canResolve={permissions.canManageSecurity}
        />
      </TabsContent>
      <TabsContent value="notifications">
        <NotificationSettingsPanel
          organizationId={organizationId}
          canManage={permissions.canManageSecurity}
        />
      </TabsContent>
    </Tabs>
  );
}
