import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';

type UpcomingSection = 'keys' | 'wallet' | 'data' | 'verification' | 'settings';

/** Stands in for a section whose screen comes with the next release. */
export function ComingSoonPanel({ section }: { section: UpcomingSection }) {
  const { t } = useTranslation('orgDashboard');
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Hourglass aria-hidden className="size-7" />
      </span>
      <p className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
        {t('comingSoon.badge')}
      </p>
      <p className="max-w-xl leading-relaxed text-slate-700">{t(`comingSoon.${section}`)}</p>
    </Card>
  );
}

export const KeysComingSoon = () => <ComingSoonPanel section="keys" />;
export const WalletComingSoon = () => <ComingSoonPanel section="wallet" />;
export const DataComingSoon = () => <ComingSoonPanel section="data" />;
export const VerificationComingSoon = () => <ComingSoonPanel section="verification" />;
export const SettingsComingSoon = () => <ComingSoonPanel section="settings" />;
