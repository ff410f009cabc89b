import { Download, Hourglass, ShieldCheck, ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { saveReceipt, useReceiptCheck } from '../api/receipts.ts';
import { formatCount } from '../format.ts';

/**
 * The code's proof in the signed audit log: "verified" once the browser has checked its receipt
 * against the published key, and the receipt to download and check elsewhere.
 */
export function ReceiptStatus({ codeId }: { codeId: string }) {
  const { t } = useTranslation('personalDashboard');
  const check = useReceiptCheck(codeId);
  const result = check.data;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {check.isPending && !check.isError ? (
        <span className="text-xs text-slate-500">{t('receipt.checking')}</span>
      ) : null}
      {result?.state === 'verified' ? (
        <Badge
          tone="green"
          title={t('receipt.verifiedTitle', { n: formatCount(result.checkpointId) })}
        >
          <ShieldCheck aria-hidden className="size-3.5" />
          {t('receipt.verified')}
        </Badge>
      ) : null}
      {result?.state === 'pending' ? (
        <>
          <Badge tone="slate" title={t('receipt.pendingTitle')}>
            <Hourglass aria-hidden className="size-3.5" />
            {t('receipt.pending')}
          </Badge>
          <span className="text-xs text-slate-600">{t('receipt.pendingSoon')}</span>
        </>
      ) : null}
      {result?.state === 'failed' ? (
        <Badge tone="red" title={t('receipt.failedTitle')}>
          <ShieldX aria-hidden className="size-3.5" />
          {t('receipt.failed')}
        </Badge>
      ) : null}
      {result && result.receipt.entries.length > 0 ? (
        <Button variant="ghost" size="sm" onClick={() => saveReceipt(result.receipt)}>
          <Download aria-hidden className="size-4" />
          {t('receipt.download')}
        </Button>
      ) : null}
      <a
        href="/receipt"
        className="text-xs font-medium text-brand-800 underline hover:text-brand-900"
      >
        {t('receipt.explain')}
      </a>
    </div>
  );
}
