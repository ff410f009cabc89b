import type { MemberRole } from '@tanqin/shared';
import { Building2, KeyRound, LockKeyhole, ShieldCheck, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Card } from '../../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { SessionsList } from '../sessions/sessions-list.tsx';
import { useOrganization } from './api/organization.ts';
import { CredentialsPanel } from './components/credentials-panel.tsx';
import { EncryptionKeyPanel } from './components/encryption-key-panel.tsx';
import { LoadFailed } from './components/load-failed.tsx';
import { MembersPanel } from './components/members-panel.tsx';
import { ProfileForm } from './components/profile-form.tsx';
import { SecuritySettings } from './components/security-settings.tsx';

export const SETTINGS_TABS = [
  'profile',
  'credentials',
  'members',
  'security',
  'encryption',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

const TAB_ICONS = {
  profile: Building2,
  credentials: KeyRound,
  members: Users,
  security: ShieldCheck,
  encryption: LockKeyhole,
};

const isSettingsTab = (value: string | null): value is SettingsTab =>
  value !== null && (SETTINGS_TABS as readonly string[]).includes(value);

function ProfileTab({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('settings');
  const organization = useOrganization(organizationId);
  if (organization.isPending) {
    return (
      <div aria-busy className="space-y-4">
        <p role="status" className="sr-only">
          {t('common:loading')}
        </p>
        <div className="h-6 w-48 animate-pulse rounded bg-slate-100" />
        <div className="grid gap-4 md:grid-cols-2">
          {[0, 1, 2, 3].map((cell) => (
            <div key={cell} className="h-16 animate-pulse rounded-lg bg-slate-100" />
          ))}
        </div>
      </div>
    );
  }
  if (organization.isError) {
    return (
      <LoadFailed
        message={t('profile.loadFailed')}
        error={organization.error}
        onRetry={() => void organization.refetch()}
        isRetrying={organization.isFetching}
      />
    );
  }
  return <ProfileForm organization={organization.data} />;
}

/**
 * The settings item (owners and admins): the organisation's profile, its credentials, its
 * members and invitations, the security switches and the double lock's encryption key. The open
 * tab is kept in `?tab=`.
 */
export default function SettingsSection({
  organization,
}: {
  organization: { id: string; role: MemberRole; client_id: string };
}) {
  const { t, i18n } = useTranslation('settings');
  const { t: tSessions } = useTranslation('sessions');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: SettingsTab = isSettingsTab(requested) ? requested : 'profile';

  const openTab = (value: string) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="space-y-6">
      <p className="max-w-3xl text-sm leading-relaxed text-slate-600">{t('intro')}</p>
      <Tabs value={tab} onValueChange={openTab} dir={i18n.dir()}>
        <TabsList aria-label={t('tabs.label')}>
          {SETTINGS_TABS.map((id) => {
            const Icon = TAB_ICONS[id];
            return (
              <TabsTrigger key={id} value={id}>
                <Icon aria-hidden className="size-4" />
                {t(`tabs.${id}`)}
              </TabsTrigger>
            );
          })}
        </TabsList>
        <TabsContent value="profile">
          <Card className="p-5 sm:p-6">
            <ProfileTab organizationId={organization.id} />
          </Card>
        </TabsContent>
        <TabsContent value="credentials">
          <Card className="p-5 sm:p-6">
            <CredentialsPanel organizationId={organization.id} clientId={organization.client_id} />
          </Card>
        </TabsContent>
        <TabsContent value="members">
          <MembersPanel organizationId={organization.id} role={organization.role} />
        </TabsContent>
        <TabsContent value="security">
          <div className="space-y-6">
            <SecuritySettings organizationId={organization.id} role={organization.role} />
            <Card className="p-5 sm:p-6" role="region" aria-labelledby="my-sessions-title">
              <h2 id="my-sessions-title" className="text-lg font-bold text-slate-900">
                {tSessions('title')}
              </h2>
              <p className="mb-2 text-sm text-slate-600">{tSessions('description')}</p>
              <SessionsList side="org" />
            </Card>
          </div>
        </TabsContent>
        <TabsContent value="encryption">
          <Card className="p-5 sm:p-6">
            <EncryptionKeyPanel organizationId={organization.id} role={organization.role} />
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
