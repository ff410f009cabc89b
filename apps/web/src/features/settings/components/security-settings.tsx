import type { MemberRole } from '@tanqin/shared';
import { useTranslation } from 'react-i18next';
import { NetworkTab } from '../../security/network.ts';
import { securityPermissions } from '../../security/permissions.ts';

/**
 * The IP-whitelist and geographic-blocking switches, with the trusted addresses and country
 * rules they act on: the security screen's own tab, shown here as well, not a copy of it.
 */
export function SecuritySettings({
  organizationId,
  role,
}: {
  organizationId: string;
  role: MemberRole;
}) {
  const { t } = useTranslation('settings');
  return (
    <div className="space-y-4">
      <p className="max-w-3xl text-sm leading-relaxed text-slate-600">
        {t('security.description')}
      </p>
      <NetworkTab organizationId={organizationId} permissions={securityPermissions(role)} />
    </div>
  );
}
