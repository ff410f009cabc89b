import type { Profile } from '@tanqin/shared';
import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { SectionCard } from './section-card.tsx';
import { TwoFactorDisableDialog } from './two-factor-disable-dialog.tsx';
import { TwoFactorSetupDialog } from './two-factor-setup-dialog.tsx';

/** Change of password, and the two-step switch: on opens the enrolment, off asks for proof. */
export function SecuritySection({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const id = useId();
  const [dialog, setDialog] = useState<'setup' | 'disable'>();
  const enabled = profile.twoFactorEnabled;
  return (
    <SectionCard
      id="security"
      icon={ShieldCheck}
      title={t('security.title')}
      description={t('security.description')}
    >
      <div className="space-y-6">
        <ChangePasswordForm />
        <div className="flex items-start justify-between gap-4 border-t border-slate-200 pt-5">
          <div className="min-w-0 space-y-1">
            <h3
              id={`${id}-2fa`}
              className="flex flex-wrap items-center gap-2 font-semibold text-slate-900"
            >
              {t('security.twoFactorTitle')}
              <Badge tone={enabled ? 'green' : 'slate'}>
                {enabled ? t('security.twoFactorOn') : t('security.twoFactorOff')}
              </Badge>
            </h3>
            <p id={`${id}-2fa-hint`} className="text-sm text-slate-600">
              {t('security.twoFactorDescription')}
            </p>
          </div>
          <Switch
            checked={enabled}
            onCheckedChange={(on) => setDialog(on ? 'setup' : 'disable')}
            aria-labelledby={`${id}-2fa`}
            aria-describedby={`${id}-2fa-hint`}
          />
        </div>
      </div>
      {dialog === 'setup' ? <TwoFactorSetupDialog onClose={() => setDialog(undefined)} /> : null}
      {dialog === 'disable' ? (
        <TwoFactorDisableDialog
          onClose={() => setDialog(undefined)}
          onDisabled={() => {
            setDialog(undefined);
            toast.success(t('disable.disabled'));
          }}
        />
      ) : null}
    </SectionCard>
  );
}
