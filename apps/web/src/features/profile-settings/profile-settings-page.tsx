import { MonitorSmartphone, Phone, ShieldCheck, SlidersHorizontal, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PersonalLayout } from '../../components/personal-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { failureReason } from '../../lib/problem-text.ts';
import { SessionsList } from '../sessions/sessions-list.tsx';
import { useProfile } from './api/profile.ts';
import { ContactSection } from './components/contact-section.tsx';
import { PreferencesSection } from './components/preferences-section.tsx';
import { ProfileSection } from './components/profile-section.tsx';
import { SectionCard } from './components/section-card.tsx';
import { SecuritySection } from './components/security-section.tsx';

const SECTIONS = [
  { id: 'profile', icon: UserRound },
  { id: 'contact', icon: Phone },
  { id: 'security', icon: ShieldCheck },
  { id: 'sessions', icon: MonitorSmartphone },
  { id: 'preferences', icon: SlidersHorizontal },
] as const;

function SkeletonBlock() {
  return <div className="h-48 animate-pulse rounded-2xl bg-slate-200/70" />;
}

/** /profile-settings: profile, contact, security and preferences, each saved on its own. */
export function ProfileSettingsPage() {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation('common');
  const { t: ts } = useTranslation('sessions');
  const profile = useProfile();

  return (
    <PersonalLayout title={t('title')}>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[14rem_1fr]">
        <nav aria-label={t('nav.label')} className="min-w-0 lg:sticky lg:top-6 lg:self-start">
          <ul className="flex gap-2 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible">
            {SECTIONS.map(({ id, icon: Icon }) => (
              <li key={id} className="shrink-0">
                <a
                  href={`#${id}`}
                  className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-white hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700"
                >
                  <Icon aria-hidden className="size-4 shrink-0" />
                  {t(`nav.${id}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 space-y-6">
          {profile.isPending ? (
            <div aria-busy className="space-y-6">
              <p role="status" className="sr-only">
                {tc('loading')}
              </p>
              <SkeletonBlock />
              <SkeletonBlock />
              <SkeletonBlock />
            </div>
          ) : null}
          {profile.isError ? (
            <Alert tone="error">
              <p>{failureReason(profile.error, t('loadFailed'))}</p>
              <Button
                variant="secondary"
                size="sm"
                className="mt-3"
                onClick={() => void profile.refetch()}
                disabled={profile.isFetching}
              >
                {tc('retry')}
              </Button>
            </Alert>
          ) : null}
          {profile.data ? (
            <>
              <ProfileSection profile={profile.data} />
              <ContactSection profile={profile.data} />
              <SecuritySection profile={profile.data} />
              <SectionCard
                id="sessions"
                icon={MonitorSmartphone}
                title={ts('title')}
                description={ts('description')}
              >
                <SessionsList side="individual" />
              </SectionCard>
              <PreferencesSection profile={profile.data} />
            </>
          ) : null}
        </div>
      </div>
    </PersonalLayout>
  );
}
