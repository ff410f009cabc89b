import { zodResolver } from '@hookform/resolvers/zod';
import type { Verification } from '@tanqin/shared';
import {
  twoFactorFormCodeSchema,
  VERIFICATION_RESEND_AFTER_SECONDS,
  type VerificationMethod,
} from '@tanqin/shared';
import { CheckCircle2, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CodeInput } from '../../../components/ui/code-input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useFieldErrorText } from '../../../lib/field-error-text.ts';
import { failureReason, retryAfterSeconds } from '../../../lib/problem-text.ts';
import { useConfirmAccount, useResendCode } from '../api/auth.ts';
import { linkClasses } from './auth-shell.tsx';
import { SubmitButton } from './submit-button.tsx';
import { useCountdown } from './use-countdown.ts';

const codeFormSchema = z.object({ code: twoFactorFormCodeSchema });
type CodeForm = z.input<typeof codeFormSchema>;

const otherMethod = (method: VerificationMethod): VerificationMethod =>
  method === 'sms' ? 'email' : 'sms';

/**
 * The account's confirmation: the 6-digit code sent by SMS or email, a resend with a visible
 * countdown, and a switch to the other method. `onConfirmed` runs once the server accepts it.
 */
export function ConfirmCodeStep({
  verification,
  intro,
  onConfirmed,
}: {
  verification?: Verification;
  intro?: string;
  onConfirmed: () => void;
}) {
  const { t } = useTranslation('personalAuth');
  const errorText = useFieldErrorText();
  const [method, setMethod] = useState<VerificationMethod>(verification?.method ?? 'sms');
  const [hint, setHint] = useState(verification?.destination_hint);
  // Someone sent here by the login has had no code yet this visit: they may ask for one at once.
  const { secondsLeft, restart } = useCountdown(
    verification ? (verification.resend_after ?? VERIFICATION_RESEND_AFTER_SECONDS) : 0,
  );
  const confirm = useConfirmAccount();
  const resend = useResendCode();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<CodeForm>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const sendCode = (to: VerificationMethod) => {
    resend.mutate(
      { method: to },
      {
        onSuccess: (answer) => {
          setMethod(to);
          const newHint = answer.verification.destination_hint;
          if (newHint) setHint(newHint);
          else if (to !== method) setHint(undefined);
          restart(answer.resend_after);
          confirm.reset();
          setFocus('code');
        },
        onError: (error) => {
          const wait = retryAfterSeconds(error);
          if (wait) restart(wait);
        },
      },
    );
  };

  const submit = handleSubmit(({ code }) => {
    resend.reset();
    confirm.mutate({ method, code }, { onSuccess: onConfirmed });
  });

  if (confirm.isSuccess) {
    return (
      <Alert tone="success">
        <p className="flex items-center gap-2 font-semibold">
          <CheckCircle2 aria-hidden className="size-5" />
          {t('confirm.success')}
        </p>
        <p>{t('confirm.redirecting')}</p>
      </Alert>
    );
  }

  const confirmError = confirm.error;
  let confirmErrorText: string | undefined;
  if (confirmError instanceof ApiError && confirmError.status === 410) {
    confirmErrorText = t('confirm.expired');
  } else if (confirmError instanceof ApiError && confirmError.code === 'invalid_code') {
    confirmErrorText = t('confirm.invalidCode');
  } else if (confirmError) {
    confirmErrorText = failureReason(confirmError, t('confirm.invalidCode'));
  }

  return (
    <form noValidate className="space-y-5" onSubmit={(event) => void submit(event)}>
      {intro ? <Alert tone="info">{intro}</Alert> : null}
      <div className="space-y-1 text-sm text-slate-700">
        {hint ? (
          <p>
            {t('confirm.sentTo')}{' '}
            <bdi dir="ltr" className="font-semibold text-slate-900">
              {hint}
            </bdi>
          </p>
        ) : (
          <p>{t(`confirm.sentBy.${method}`)}</p>
        )}
        {/* Just registered: a taken email is answered like a free one (no account oracle), and
            its mailbox gets a notice instead of the code. */}
        {method === 'email' && !intro ? (
          <p className="text-slate-600">{t('confirm.emailHasAccount')}</p>
        ) : null}
        {verification?.expires_in ? (
          <p className="text-slate-600">
            {t('confirm.expiresIn', {
              count: Math.round(verification.expires_in / 60),
              minutes: Math.round(verification.expires_in / 60),
            })}
          </p>
        ) : null}
      </div>
      <CodeInput label={t('confirm.code')} error={errorText(errors.code)} {...register('code')} />
      {confirmErrorText ? (
        <Alert tone="error">
          <p className="font-semibold">{t('confirm.failed')}</p>
          <p>{confirmErrorText}</p>
        </Alert>
      ) : null}
      {resend.isSuccess ? <Alert tone="success">{t('confirm.resent')}</Alert> : null}
      {resend.isError ? <Alert tone="error">{failureReason(resend.error)}</Alert> : null}
      <SubmitButton
        isPending={confirm.isPending}
        label={t('confirm.submit')}
        pendingLabel={t('confirm.submitting')}
      />
      <div className="flex flex-col items-center gap-3 text-sm">
        {secondsLeft > 0 ? (
          <p className="text-slate-600" aria-live="polite">
            {t('confirm.resendIn', { count: secondsLeft, seconds: secondsLeft })}
          </p>
        ) : (
          <Button variant="secondary" onClick={() => sendCode(method)} disabled={resend.isPending}>
            <RotateCw aria-hidden className="size-4" />
            {resend.isPending ? t('confirm.resending') : t('confirm.resend')}
          </Button>
        )}
        <button
          type="button"
          className={`${linkClasses} disabled:cursor-not-allowed disabled:font-normal disabled:text-slate-500 disabled:hover:no-underline`}
          disabled={resend.isPending || secondsLeft > 0}
          aria-describedby={secondsLeft > 0 ? 'switch-method-when' : undefined}
          onClick={() => sendCode(otherMethod(method))}
        >
          {t(`confirm.switchMethod.${otherMethod(method)}`)}
        </button>
        {secondsLeft > 0 ? (
          <p id="switch-method-when" className="-mt-2 text-xs text-slate-500">
            {t('confirm.switchAfterCountdown')}
          </p>
        ) : null}
      </div>
    </form>
  );
}
