import { zodResolver } from '@hookform/resolvers/zod';
import { enableTwoFactorSchema } from '@tanqin/shared';
import { Download, LoaderCircle, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CodeInput } from '../../../components/ui/code-input.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useFieldErrorText } from '../../../lib/field-error-text.ts';
import { failureReason } from '../../../lib/problem-text.ts';
import { svgDataUrl } from '../../../lib/svg-data-url.ts';
import { useEnableTwoFactor, useStartTwoFactorSetup } from '../api/profile.ts';

type CodeForm = z.input<typeof enableTwoFactorSchema>;

/** The secret in groups of four, as authenticator apps show it. */
const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Enrolment in two-step verification: the QR code and the secret for manual entry, one code of
 * the app to confirm, then the recovery codes shown this once with copy and download.
 */
export function TwoFactorSetupDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('profile');
  const errorText = useFieldErrorText();
  const setup = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const started = useRef(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CodeForm>({
    resolver: zodResolver(enableTwoFactorSchema),
    defaultValues: { code: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  // One secret per opening of the dialog (React's development double effect included).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    setup.mutate();
  }, [setup]);

  const submit = handleSubmit(({ code }) =>
    enable.mutate({ code }, { onSuccess: (answer) => setRecoveryCodes(answer.recovery_codes) }),
  );

  if (recoveryCodes) {
    return (
      <Dialog
        open
        role="alertdialog"
        onOpenChange={onClose}
        title={t('recovery.title')}
        description={t('recovery.description')}
      >
        <RecoveryCodes codes={recoveryCodes} onDone={onClose} />
      </Dialog>
    );
  }

  const invalidCode = enable.error instanceof ApiError && enable.error.code === 'invalid_code';
  return (
    <Dialog
      open
      onOpenChange={onClose}
      title={t('setup.title')}
      description={t('setup.description')}
    >
      {setup.isPending || setup.isIdle ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <LoaderCircle aria-hidden className="size-4 animate-spin" />
          {t('setup.preparing')}
        </p>
      ) : null}
      {setup.isError ? (
        <Alert tone="error">{failureReason(setup.error, t('setup.prepareFailed'))}</Alert>
      ) : null}
      {setup.data ? (
        <form
          noValidate
          className="space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            if (enable.isPending) return;
            enable.reset();
            void submit(event);
          }}
        >
          <div className="flex flex-col items-center gap-4">
            <img
              src={svgDataUrl(setup.data.qr_svg)}
              alt={t('setup.qrAlt')}
              width={192}
              height={192}
              className="size-48 rounded-lg border border-slate-200 bg-white p-2"
            />
            <div className="w-full space-y-1.5">
              <p className="text-sm text-slate-700">{t('setup.manual')}</p>
              <div className="flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2">
                <code
                  dir="ltr"
                  data-testid="totp-secret"
                  data-secret={setup.data.secret}
                  className="min-w-0 flex-1 break-all font-mono text-sm font-semibold text-slate-900"
                >
                  {groupSecret(setup.data.secret)}
                </code>
                <CopyButton value={setup.data.secret} />
              </div>
            </div>
          </div>
          <CodeInput label={t('setup.code')} error={errorText(errors.code)} {...register('code')} />
          {enable.isError ? (
            <Alert tone="error">
              <p className="font-semibold">{t('setup.failed')}</p>
              <p>
                {invalidCode
                  ? t('setup.invalidCode')
                  : failureReason(enable.error, t('setup.invalidCode'))}
              </p>
            </Alert>
          ) : null}
          <DialogActions>
            <Button type="submit" disabled={enable.isPending}>
              {enable.isPending ? (
                <LoaderCircle aria-hidden className="size-4 animate-spin" />
              ) : (
                <ShieldCheck aria-hidden className="size-4" />
              )}
              {enable.isPending ? t('setup.confirming') : t('setup.confirm')}
            </Button>
            <Button variant="ghost" onClick={onClose}>
              {t('setup.cancel')}
            </Button>
          </DialogActions>
        </form>
      ) : null}
    </Dialog>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = t('recovery.fileName');
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-5">
      <ul
        dir="ltr"
        aria-label={t('recovery.title')}
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-4 font-mono text-sm font-semibold text-slate-900"
      >
        {codes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={text} label={t('recovery.copy')} size="md" />
        <Button variant="secondary" onClick={download}>
          <Download aria-hidden className="size-4" />
          {t('recovery.download')}
        </Button>
      </div>
      <DialogActions>
        <Button onClick={onDone} data-autofocus>
          {t('recovery.saved')}
        </Button>
      </DialogActions>
    </div>
  );
}
