import { fieldLabel, hasFieldLabel, type StaffVerifyResult } from '@tanqin/shared';
import { EyeOff, LockOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatLongDate, formatTime } from '../format.ts';

function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function entriesOf(data: unknown): [string, unknown][] {
  return data !== null && typeof data === 'object' && !Array.isArray(data)
    ? Object.entries(data)
    : [['data', data]];
}

/** The decrypted fields of one code, shown once, until the person clears them. */
export function DecryptedCard({
  result,
  onClear,
}: {
  result: Extract<StaffVerifyResult, { data: unknown }>;
  onClear: () => void;
}) {
  const { t } = useTranslation('codes');
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 bg-green-50/60 px-5 py-4">
        <h3 className="flex items-center gap-2 text-base font-bold text-slate-900">
          <LockOpen aria-hidden className="size-5 text-green-700" />
          {t('result.title')}
        </h3>
        <Button variant="secondary" size="sm" onClick={onClear}>
          <EyeOff aria-hidden className="size-4" />
          {t('result.clear')}
        </Button>
      </div>
      <div className="space-y-4 px-5 py-4">
        <Alert tone="warning">{t('result.onceNote')}</Alert>
        <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          {entriesOf(result.data).map(([name, value]) => (
            <div key={name} className="grid gap-1 px-4 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
              <dt className="flex flex-wrap items-baseline gap-x-2 text-sm text-slate-600">
                <span className="font-semibold text-slate-800">
                  {fieldLabel(name, currentLanguage())}
                </span>
                {hasFieldLabel(name) ? (
                  <span className="ltr-island font-mono text-xs text-slate-400">{name}</span>
                ) : null}
              </dt>
              <dd className="break-words font-medium text-slate-900">
                <bdi>{displayValue(value)}</bdi>
              </dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
          <p>{t('result.issuer', { name: result.issuer.name })}</p>
          <p>
            {t('result.verifiedAt', {
              date: `${formatLongDate(result.verified_at)} ${formatTime(result.verified_at)}`,
            })}
          </p>
          <p>
            {t('result.reference')}:{' '}
            <span className="ltr-island font-mono text-xs">{result.token_id}</span>
          </p>
        </div>
      </div>
    </Card>
  );
}
