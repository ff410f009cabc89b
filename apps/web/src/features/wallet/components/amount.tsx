import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import { formatMillis } from '../format.ts';

/** A riyal amount with 3 decimals and the currency word, kept in one left-to-right number run. */
export function Amount({ millis, className }: { millis: number; className?: string }) {
  const { t } = useTranslation('wallet');
  return (
    <span className={cn('inline-flex flex-wrap items-baseline gap-x-1.5', className)}>
      <bdi dir="ltr" className="tabular-nums">
        {formatMillis(millis)}
      </bdi>{' '}
      <span className="text-[0.6em] font-medium text-slate-600">{t('riyal')}</span>
    </span>
  );
}
