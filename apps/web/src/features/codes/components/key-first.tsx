import { CheckCircle2, FileKey } from 'lucide-react';
import { type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { encryptionPublicKeyOf } from '../../../lib/double-lock.ts';
import { KeyFileInput } from './key-file-input.tsx';

/** A private key file read in this page, whose public half is the organisation's registered key. */
export interface HeldKey {
  privateKey: string;
  publicKey: string;
  fileName: string;
}

/**
 * The double lock's first step, before any code is sent: the organisation registered a public
 * key, so the verifier chooses the private key file and the browser checks that its public half
 * is the registered one. A code is used only once a matching file is held here.
 */
export function KeyFirst({
  registeredKey,
  held,
  onHeld,
  isNeeded,
  inputRef,
  body,
  neededText,
}: {
  registeredKey: string;
  held: HeldKey | undefined;
  onHeld: (held: HeldKey | undefined) => void;
  /** A code was submitted without a matching file. */
  isNeeded: boolean;
  inputRef: Ref<HTMLInputElement>;
  /** What the file is for, when it is asked for before something else than a typed code. */
  body?: string;
  /** What was held back for want of the file (default: the code was not sent). */
  neededText?: string;
}) {
  const { t } = useTranslation('codes');
  const bodyId = useId();
  const [problem, setProblem] = useState<'mismatch' | 'unreadable'>();

  const onFile = async (text: string, fileName: string) => {
    let publicKey: string;
    try {
      publicKey = await encryptionPublicKeyOf(text);
    } catch {
      onHeld(undefined);
      setProblem('unreadable');
      return;
    }
    if (publicKey !== registeredKey) {
      onHeld(undefined);
      setProblem('mismatch');
      return;
    }
    setProblem(undefined);
    onHeld({ privateKey: text, publicKey, fileName });
  };

  const matches = held?.publicKey === registeredKey;
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 bg-slate-50/60 p-4">
      <legend className="flex items-center gap-2 px-1 text-sm font-bold text-slate-900">
        <FileKey aria-hidden className="size-4 text-brand-700" />
        {t('lock.title')}
      </legend>
      <p id={bodyId} className="text-sm leading-relaxed text-slate-600">
        {body ?? t('lock.body')}
      </p>
      {matches ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" className="flex items-start gap-2 text-sm text-green-800">
            <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              {t('lock.matches')} <bdi className="font-mono text-xs">{held.fileName}</bdi>
            </span>
          </p>
          <Button type="button" variant="secondary" size="sm" onClick={() => onHeld(undefined)}>
            {t('lock.forget')}
          </Button>
        </div>
      ) : (
        <KeyFileInput ref={inputRef} onFile={onFile} describedBy={bodyId} />
      )}
      {problem && !matches ? (
        <Alert tone="error">{t(`lock.${problem}`)}</Alert>
      ) : isNeeded && !matches ? (
        <Alert tone="error">{neededText ?? t('lock.needed')}</Alert>
      ) : null}
      {matches ? <p className="text-xs text-slate-500">{t('lock.kept')}</p> : null}
    </fieldset>
  );
}
