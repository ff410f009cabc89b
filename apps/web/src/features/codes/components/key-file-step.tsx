import type { StaffVerifyResult } from '@tanqin/shared';
import { FileKey } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { openSealedData } from '../../../lib/double-lock.ts';
import { KeyFileInput } from './key-file-input.tsx';

export type SealedResult = Extract<StaffVerifyResult, { encryption: 'hpke' }>;
export type OpenedResult = Extract<StaffVerifyResult, { data: unknown }>;

/** The sealed answer opened with a private key (PEM text), or a rejection when it does not fit. */
export async function openSealed(sealed: SealedResult, privateKey: string): Promise<OpenedResult> {
  const data = await openSealedData<OpenedResult['data']>(sealed, privateKey);
  const { encryption: _, enc: __, ciphertext: ___, ...rest } = sealed;
  return { ...rest, data };
}

/**
 * A double-locked code was used and its data came back sealed to the organisation's key, but no
 * key file chosen before opened it (none was asked for, or the code was sealed to an earlier
 * key). The sealed answer stays in this page until opened; leaving the page is warned about.
 */
export function KeyFileStep({
  sealed,
  heldKeyFailed,
  onOpened,
}: {
  sealed: SealedResult;
  /** The key file chosen before the code was sent did not open it. */
  heldKeyFailed: boolean;
  onOpened: (result: OpenedResult) => void;
}) {
  const { t } = useTranslation('codes');
  const [hasFailed, setHasFailed] = useState(false);

  // Closing or reloading the page now loses the data for good: the browser asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const onFile = async (text: string) => {
    try {
      onOpened(await openSealed(sealed, text));
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
      <Alert tone="warning">{t('keyFile.onceNote')}</Alert>
      <p className="text-sm leading-relaxed text-slate-600">
        {heldKeyFailed ? t('keyFile.otherKey') : t('keyFile.body')}
      </p>
      <KeyFileInput onFile={onFile} />
      {hasFailed ? <Alert tone="error">{t('keyFile.wrongKey')}</Alert> : null}
    </Card>
  );
}
