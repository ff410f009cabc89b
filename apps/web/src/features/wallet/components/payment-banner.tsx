import type { WalletSummary } from '@tanqin/shared';
import { AlertTriangle, CreditCard } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { formatLongDate, formatRiyal, riyalToMillis } from '../format.ts';
import { PayNowDialog } from './pay-now-dialog.tsx';

/** Payment required: shown only while there is unpaid cost (spec, wallet screen). */
export function PaymentBanner({ summary }: { summary: WalletSummary }) {
  const { t } = useTranslation('wallet');
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  if (!(riyalToMillis(summary.current_balance) > 0)) return null;
  return (
    <section
      aria-labelledby="wallet-payment-title"
      className="flex flex-col gap-4 rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <AlertTriangle aria-hidden className="mt-0.5 size-6 shrink-0 text-amber-600" />
        <div className="space-y-1">
          <h3 id="wallet-payment-title" className="font-bold">
            {t('banner.title')}
          </h3>
          <p className="text-sm">
            {t('banner.body', { amount: formatRiyal(summary.current_balance) })}
          </p>
          {summary.last_payment_date ? (
            <p className="text-sm text-amber-900">
              {t('banner.lastPayment', { date: formatLongDate(summary.last_payment_date) })}
            </p>
          ) : null}
        </div>
      </div>
      <Button className="shrink-0" onClick={() => setIsDialogOpen(true)}>
        <CreditCard aria-hidden className="size-4" />
        {t('banner.payNow')}
      </Button>
      {isDialogOpen ? <PayNowDialog onClose={() => setIsDialogOpen(false)} /> : null}
    </section>
  );
}
