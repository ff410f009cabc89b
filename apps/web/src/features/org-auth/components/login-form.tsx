import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginInput, loginSchema, sessionMessages } from '@tanqin/shared';
import { LoaderCircle, LogIn } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { useFieldErrorText } from '../../../lib/field-error-text.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { LTR_INPUT } from '../../../lib/ltr-input.ts';
import { failureReason } from '../../../lib/problem-text.ts';
import { hasOrgToken, takeSessionEnded } from '../../../lib/session.ts';
import { useLogin } from '../api/login.ts';

/** Spec section 9: the browser moves on 1.5 seconds after a successful organisation login. */
export const REDIRECT_DELAY_MS = 1500;

/**
 * The organisation login (spec sections 4 and 8): the success message stays for 1.5 seconds,
 * then the user goes to `redirectTo`; a failure shows the server's Arabic text or the fallback.
 */
export function LoginForm({
  redirectTo,
  defaultEmail,
  onGoToSignup,
}: {
  redirectTo: string;
  /** Filled in after a sign-up, so the new admin only types the password. */
  defaultEmail?: string;
  onGoToSignup: () => void;
}) {
  const { t } = useTranslation('orgAuth');
  const errorText = useFieldErrorText();
  const navigate = useNavigate();
  const login = useLogin();
  // Read once: the token this form stores on success must not turn the notice on.
  const [hadSession] = useState(hasOrgToken);
  // Sent here because the session ended: say so (read once, like the notice above).
  const [sessionEnded] = useState(takeSessionEnded);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: defaultEmail ?? '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  useEffect(() => {
    if (defaultEmail) setFocus('password');
  }, [defaultEmail, setFocus]);

  useEffect(() => {
    if (!login.isSuccess) return;
    const timer = window.setTimeout(
      () => void navigate(redirectTo, { replace: true }),
      REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [login.isSuccess, navigate, redirectTo]);

  const isBusy = login.isPending || login.isSuccess;
  const submit = handleSubmit((values) => login.mutate(values));

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        if (isBusy) {
          event.preventDefault();
          return;
        }
        login.reset();
        void submit(event);
      }}
    >
      {sessionEnded && !login.isSuccess ? (
        <Alert tone="info">{sessionMessages.ended[currentLanguage()]}</Alert>
      ) : null}
      {hadSession && !login.isSuccess ? (
        <Alert tone="info">
          {t('login.alreadySignedIn')}{' '}
          <Link
            to="/org-dashboard"
            className="rounded font-semibold underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-sky-800"
          >
            {t('login.goToDashboard')}
          </Link>
        </Alert>
      ) : null}
      <TextField
        type="email"
        {...LTR_INPUT}
        label={t('login.email')}
        placeholder={t('login.emailPlaceholder')}
        autoComplete="username"
        error={errorText(errors.email)}
        {...register('email')}
      />
      <TextField
        type="password"
        label={t('login.password')}
        autoComplete="current-password"
        error={errorText(errors.password)}
        {...register('password')}
      />
      {login.isSuccess ? (
        <Alert tone="success">
          <p className="font-semibold">{t('login.success')}</p>
          <p>{t('login.redirecting')}</p>
        </Alert>
      ) : null}
      {login.isError ? (
        <Alert tone="error">{failureReason(login.error, t('login.failed'))}</Alert>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={isBusy}>
        {login.isPending ? (
          <LoaderCircle aria-hidden className="size-5 animate-spin" />
        ) : (
          <LogIn aria-hidden className="size-5 rtl:rotate-180" />
        )}
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t('login.noAccount')}{' '}
        <button
          type="button"
          onClick={onGoToSignup}
          className="rounded font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {t('login.createAccount')}
        </button>
      </p>
    </form>
  );
}
