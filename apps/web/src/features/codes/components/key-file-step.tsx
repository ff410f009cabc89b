import type { StaffVerifyResult } from '@tanqin/shared';
import { FileKey, Upload } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { openSealedData } from '../../../lib/double-lock.ts';

type SealedResult = Extract<StaffVerifyResult, { encryption: 'hpke' }>;
type OpenedResult = Extract<StaffVerifyResult, { data: unknown }>;

/**
 * A double-locked code was read: its data is sealed to the organisation's key. The verifier
 * picks the private key file; it is read and used in this browser only, never uploaded.
 */
export function KeyFileStep({
  sealed,
  onOpened,
}: {
  sealed: SealedResult;
  onOpened: (result: OpenedResult) => void;
}) {
  const { t } = useTranslation('codes');
  const inputId = useId();
  const [hasFailed, setHasFailed] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const data = await openSealedData<OpenedResult['data']>(sealed, await file.text());
      const { encryption: _, enc: __, ciphertext: ___, ...rest } = sealed;
      onOpened({ ...rest, data });
    } catch {
      setHasFailed(true);
    }
  };

  return (
    <Card className="space-y-4 p-5">
      <h3 className="flex items-center gap-2 text-base font-bold text-slate-900">
        <FileKey aria-hidden className="size-5 text-brand-700" />
        {t('keyFile.title')}
      </h3>
      <p className="text-sm leading-relaxed text-slate-600">{t('keyFile.body')}</p>
      <div className="space-y-1.5">
        <p id={`${inputId}-label`} className="text-sm font-semibold text-slate-800">
          {t('keyFile.label')}
        </p>
        {/* A button in the page's language: the browser's own file button speaks the browser's. */}
        <label
          className={cn(
            buttonClasses('secondary'),
            'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
          )}
        >
          <Upload aria-hidden className="size-4" />
          {t('keyFile.choose')}
          <input
            type="file"
            aria-labelledby={`${inputId}-label`}
            accept=".pem,.key,.txt,application/x-pem-file,text/plain"
            onChange={onFile}
            className="sr-only"
          />
        </label>
      </div>
      {hasFailed ? <Alert tone="error">{t('keyFile.wrongKey')}</Alert> : null}
      <Alert tone="warning">{t('keyFile.onceNote')}</Alert>
    </Card>
  );
}
