import { zodResolver } from '@hookform/resolvers/zod';
import { twoFactorCodeSchema, twoFactorFormCodeSchema } from '@tanqin/shared';
import { ArrowLeft, KeyRound, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { CodeInput } from '../../../components/ui/code-input.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useFieldErrorText } from '../../../lib/field-error-text.ts';
import { failureReason } from '../../../lib/problem-text.ts';
import { type LoginOutcome, useVerifyTwoFactor } from '../api/auth.ts';
import { linkClasses } from './auth-shell.tsx';
import { guardedSubmit } from './guarded-submit.ts';
import { SubmitButton } from './submit-button.tsx';

const appCodeSchema = z.object({ code: twoFactorFormCodeSchema });
const recoveryCodeSchema = z.object({ code: twoFactorCodeSchema });
type CodeForm = { code: string };

/**
 * The code step of a sign-in with two-step verification: the authenticator app's 6 digits, or a
 * one-time recovery code instead, and a way back to the credentials.
 */
export function TwoFactorForm({
  twoFactorToken,
  onOutcome,
  onBack,
  isDone,
}: {
  twoFactorToken: string;
  onOutcome: (outcome: LoginOutcome) => void;
  onBack: () => void;
  isDone: boolean;
}) {
  const { t } = useTranslation('personalAuth');
  const errorText = useFieldErrorText();
  const [useRecovery, setUseRecovery] = useState(false);
  const verify = useVerifyTwoFactor();
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<CodeForm>({
    resolver: zodResolver(useRecovery ? recoveryCodeSchema : appCodeSchema),
    defaultValues: { code: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const isBusy = verify.isPending || isDone;
  const submit = handleSubmit(({ code }) =>
    verify.mutate({ token: twoFactorToken, code }, { onSuccess: onOutcome }),
  );

  const switchMode = () => {
    setUseRecovery((value) => !value);
    verify.reset();
    reset({ code: '' });
    window.setTimeout(() => setFocus('code'), 0);
  };

  let failure: string | undefined;
  if (verify.error instanceof ApiError && verify.error.code === 'invalid_code') {
    failure = t('twoFactor.invalidCode');
  } else if (verify.error) {
    failure = failureReason(verify.error, t('twoFactor.invalidCode'));
  }

  return (
    <form noValidate className="space-y-5" onSubmit={guardedSubmit(isBusy, verify.reset, submit)}>
      <Alert tone="info">
        <p className="flex items-center gap-2 font-semibold">
          <ShieldCheck aria-hidden className="size-5 shrink-0" />
          {t('twoFactor.required')}
        </p>
        <p>{useRecovery ? t('twoFactor.recoveryInstructions') : t('twoFactor.instructions')}</p>
      </Alert>
      {useRecovery ? (
        <TextField
          key="recovery"
          label={t('twoFactor.recoveryCode')}
          autoComplete="off"
          dir="ltr"
          placeholder="xxxxx-xxxxx"
          className="text-center font-mono text-lg tracking-widest"
          error={errorText(errors.code)}
          {...register('code')}
        />
      ) : (
        <CodeInput
          key="app"
          label={t('twoFactor.code')}
          error={errorText(errors.code)}
          {...register('code')}
        />
      )}
      {failure ? (
        <Alert tone="error">
          <p className="font-semibold">{t('twoFactor.failed')}</p>
          <p>{failure}</p>
        </Alert>
      ) : null}
      <SubmitButton
        isPending={verify.isPending}
        disabled={isBusy}
        label={t('twoFactor.submit')}
        pendingLabel={t('twoFactor.submitting')}
      />
      <div className="flex flex-col items-center gap-3 text-sm">
        <button type="button" className={linkClasses} onClick={switchMode}>
          <KeyRound aria-hidden className="me-1 inline size-4" />
          {useRecovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
        </button>
        <button type="button" className={linkClasses} onClick={onBack}>
          <ArrowLeft aria-hidden className="me-1 inline size-4 rtl:rotate-180" />
          {t('twoFactor.back')}
        </button>
      </div>
    </form>
  );
}
