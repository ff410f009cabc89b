import { Globe, Network, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/problem-text.ts';
import { useOrganizationSettings } from '../api/get-organization-settings.ts';
import { useTrustedIps } from '../api/get-trusted-ips.ts';
import {
  type SettingsChange,
  useUpdateOrganizationSettings,
} from '../api/update-organization-settings.ts';
import { LoadFailed } from '../components/load-failed.tsx';
import { RoleNotice } from '../components/role-notice.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { useErrorToast } from '../components/use-error-toast.ts';
import type { SecurityPermissions } from '../permissions.ts';
import { CountryRulesPanel } from './country-rules-panel.tsx';
import { TrustedIpsPanel } from './trusted-ips-panel.tsx';

function SettingRow({
  icon: Icon,
  title,
  body,
  checked,
  disabled,
  onCheckedChange,
}: {
  icon: typeof Globe;
  title: string;
  body: string;
  checked: boolean;
  disabled: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <div className="flex items-start justify-between gap-4 p-5">
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 space-y-1">
          <p id={titleId} className="font-semibold text-slate-900">
            {title}
          </p>
          <p id={bodyId} className="text-sm leading-relaxed text-slate-600">
            {body}
          </p>
        </div>
      </div>
      <Switch
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        className="mt-1"
      />
    </div>
  );
}

/** The IP and geographic tab: the two organisation switches, trusted IPs and country rules. */
export function NetworkTab({
  organizationId,
  permissions,
}: {
  organizationId: string;
  permissions: SecurityPermissions;
}) {
  const { t } = useTranslation('security');
  const settings = useOrganizationSettings(organizationId);
  const trustedIps = useTrustedIps(organizationId);
  const updateSettings = useUpdateOrganizationSettings(organizationId);
  useErrorToast(settings.error, t('toasts.networkLoadFailed'));

  if (!permissions.canReadSecurity) return <RoleNotice message={t('roles.cannotRead')} />;

  const change = (body: SettingsChange) => {
    const isIpSetting = 'require_ip_whitelist' in body;
    const isOn = isIpSetting ? body.require_ip_whitelist : body.geo_blocking_enabled;
    updateSettings.mutate(body, {
      onSuccess: () =>
        toast.success(
          t(
            isIpSetting
              ? isOn
                ? 'toasts.ipWhitelistEnabled'
                : 'toasts.ipWhitelistDisabled'
              : isOn
                ? 'toasts.geoBlockingEnabled'
                : 'toasts.geoBlockingDisabled',
          ),
        ),
      onError: (error) =>
        toast.error(
          failureText(
            t(isIpSetting ? 'toasts.ipWhitelistUpdateFailed' : 'toasts.geoBlockingUpdateFailed'),
            error,
          ),
        ),
    });
  };

  const activeTrustedIps = trustedIps.data?.filter((ip) => ip.is_active).length ?? 0;
  const geoBlockingEnabled = settings.data?.geo_blocking_enabled ?? false;

  return (
    <div className="space-y-6">
      <section aria-labelledby="network-settings-title" className="space-y-3">
        <h3 id="network-settings-title" className="text-lg font-bold text-slate-900">
          {t('network.title')}
        </h3>
        {settings.isPending ? (
          <Skeleton className="h-40 rounded-2xl" />
        ) : settings.isError ? (
          <LoadFailed
            message={t('network.loadFailed')}
            onRetry={() => void settings.refetch()}
            isRetrying={settings.isFetching}
          />
        ) : (
          <Card className="divide-y divide-slate-100">
            <SettingRow
              icon={Network}
              title={t('network.ipWhitelist')}
              body={t('network.ipWhitelistBody')}
              checked={settings.data.require_ip_whitelist}
              disabled={!permissions.canManageSecurity || updateSettings.isPending}
              onCheckedChange={(checked) => change({ require_ip_whitelist: checked })}
            />
            <SettingRow
              icon={Globe}
              title={t('network.geoBlocking')}
              body={t('network.geoBlockingBody')}
              checked={settings.data.geo_blocking_enabled}
              disabled={!permissions.canManageSecurity || updateSettings.isPending}
              onCheckedChange={(checked) => change({ geo_blocking_enabled: checked })}
            />
          </Card>
        )}
        {settings.data?.require_ip_whitelist && trustedIps.isSuccess && activeTrustedIps === 0 ? (
          <p
            role="status"
            className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('network.noTrustedIpsWarning')}
          </p>
        ) : null}
        {!permissions.canManageSecurity ? <RoleNotice message={t('roles.cannotManage')} /> : null}
      </section>

      <Tabs defaultValue="trusted-ips">
        <TabsList aria-label={t('network.subTabsLabel')} className="w-fit">
          <TabsTrigger value="trusted-ips">{t('network.trustedIpsTab')}</TabsTrigger>
          <TabsTrigger value="countries">{t('network.countriesTab')}</TabsTrigger>
        </TabsList>
        <TabsContent value="trusted-ips">
          <TrustedIpsPanel
            organizationId={organizationId}
            query={trustedIps}
            canManage={permissions.canManageSecurity}
            canListKeys={permissions.canManageKeys}
          />
        </TabsContent>
        <TabsContent value="countries">
          <CountryRulesPanel
            organizationId={organizationId}
            geoBlockingEnabled={geoBlockingEnabled}
            canManage={permissions.canManageSecurity}
            canListKeys={permissions.canManageKeys}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
