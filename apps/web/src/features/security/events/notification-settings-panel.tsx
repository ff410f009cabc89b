import { useTranslation } from 'react-i18next';
import { RoleNotice } from '../components/role-notice.tsx';

/** Notification settings wait for the notifications API (GET/POST/PATCH /security/notifications). */
export function NotificationSettingsPanel(_props: { organizationId: string; canManage: boolean }) {
  const { t } = useTranslation('security');
  return <RoleNotice message={t('notifications.unavailable')} />;
}
