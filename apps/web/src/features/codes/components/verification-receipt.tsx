import { type CodeHistory, type CodeHistoryEntry, fieldLabelList } from '@tanqin/shared';
import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatLongDate, formatTime } from '../format.ts';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-3 border-t border-slate-200 py-2 text-sm max-sm:grid-cols-1 max-sm:gap-0.5">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The counter's proof of one decryption: when, which code (its last characters only), which
 * fields were seen, by whom, and the audit-chain entry that records it. Printing shows only this.
 */
export function VerificationReceipt({
  history,
  entry,
  onClose,
}: {
  history: CodeHistory;
  entry: CodeHistoryEntry | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('codes');
  return (
    <Dialog
      open={entry !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('receipt.title')}
      description={t('receipt.description')}
      className="print-only-this"
    >
      {entry ? (
        <div className="space-y-4">
          <dl>
            <Line label={t('receipt.time')}>
              {formatLongDate(entry.at)} · {formatTime(entry.at)}
            </Line>
            <Line label={t('receipt.code')}>
              <bdi dir="ltr" className="font-mono">
                {history.token.code_tail
                  ? `••••-••••-••••-•${history.token.code_tail.slice(0, 3)}-${history.token.code_tail.slice(3)}`
                  : t('receipt.codeUnknown')}
              </bdi>
            </Line>
            <Line label={t('receipt.reference')}>
              <bdi dir="ltr" className="font-mono text-xs">
                {history.token.token_id}
              </bdi>
            </Line>
            <Line label={t('receipt.fields')}>
              {fieldLabelList(entry.fields, currentLanguage())}
            </Line>
            <Line label={t('receipt.member')}>
              {entry.member?.name ?? t(`history.via.${entry.via}`)}
            </Line>
            <Line label={t('receipt.organization')}>{entry.organization?.name ?? '—'}</Line>
            <Line label={t('receipt.issuer')}>
              {history.token.issuer.name === entry.organization?.name
                ? t('receipt.sameOrganization')
                : history.token.issuer.name}
            </Line>
            <Line label={t('receipt.chain')}>
              {t('receipt.chainEntry', { shard: entry.chain.shard, seq: entry.chain.seq })}
              <bdi dir="ltr" className="mt-1 block break-all font-mono text-xs text-slate-600">
                {entry.chain.hash}
              </bdi>
            </Line>
          </dl>
          <p className="text-xs leading-relaxed text-slate-600">{t('receipt.note')}</p>
          <div className="no-print">
            <DialogActions>
              <Button onClick={() => window.print()}>
                <Printer aria-hidden className="size-4" />
                {t('receipt.print')}
              </Button>
              <Button variant="ghost" onClick={onClose}>
                {t('receipt.close')}
              </Button>
            </DialogActions>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
