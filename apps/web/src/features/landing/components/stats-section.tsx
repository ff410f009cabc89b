import { Coins, DatabaseZap, Fingerprint, Lock, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePricePerCall } from '../../../lib/api/use-config.ts';

export function StatsSection() {
  const { t } = useTranslation('landing');
  const { price, isPending } = usePricePerCall();
  return (
    <section aria-labelledby="stats-title" className="bg-brand-900 text-white">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="stats-title" className="sr-only">
          {t('stats.title')}
        </h2>
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          <StatTile
            icon={Lock}
            value={t('stats.encryption.value')}
            label={t('stats.encryption.label')}
          />
          <StatTile
            icon={DatabaseZap}
            value={t('stats.storage.value')}
            label={t('stats.storage.label')}
          />
          <StatTile
            icon={Fingerprint}
            value={t('stats.unique.value')}
            label={t('stats.unique.label')}
          />
          <StatTile
            icon={Coins}
            testId="price-tile"
            isBusy={isPending}
            // data-price: the landing page's script writes the server's price in (islands/price.ts).
            value={<span data-price={price}>{t('stats.price.value', { price })}</span>}
            label={t('stats.price.label')}
          />
        </ul>
      </div>
    </section>
  );
}

function StatTile({
  icon: Icon,
  value,
  label,
  isBusy = false,
  testId,
}: {
  icon: LucideIcon;
  value: ReactNode;
  label: string;
  isBusy?: boolean;
  testId?: string;
}) {
  return (
    <li
      data-testid={testId}
      aria-busy={isBusy || undefined}
      className="flex flex-col items-center rounded-2xl bg-white/5 px-4 py-6 text-center ring-1 ring-white/10"
    >
      <Icon aria-hidden className="size-6 text-brand-500" />
      <p className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{value}</p>
      <p className="mt-2 text-sm text-brand-100">{label}</p>
    </li>
  );
}
