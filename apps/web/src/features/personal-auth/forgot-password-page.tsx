import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ForgotPasswordInput,
  forgotPasswordSchema,
  type ResetPasswordInput,
  resetPasswordSchema,
} from '@tanqin/shared';
import { ArrowLeft, CheckCircle2, LoaderCircle, Send } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFieldErrorText } from '../../lib/field-error-text.ts';
import { LTR_INPUT } from '../../lib/ltr-input.ts';
import { failureReason } from '../../lib/problem-text.ts';
import { showServerFieldErrors } from '../../lib/server-field-errors.ts';
import { useForgotPassword, useResetLinkStatus, useResetPassword } from './api/auth.ts';
import { AuthShell, linkClasses } from './components/auth-shell.tsx';
import { guardedSubmit } from './components/guarded-submit.ts';
import { SubmitButton } from './components/submit-button.tsx';

/** The token of a mailed reset link, `/forgot-password#token=...` (a fragment never reaches a server log). */
const tokenFromHash = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token');

/** /forgot-password: the request form, or with `#token=` the new password form. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('personalAuth');
  const location = useLocation();
  const navigate = useNavigate();
  const [token, setToken] = useState(() => tokenFromHash(location.hash));

  // The token leaves the address bar (and so the history and a shared screenshot) once read.
  useEffect(() => {
    if (!location.hash) return;
    const fresh = tokenFromHash(location.hash);
    if (fresh) setToken(fresh);
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  const backToLogin = (
    <Link
      to="/login"
      className="mt-6 inline-flex items-center gap-2 rounded text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
      {t('forgot.backToLogin')}
    </Link>
  );

  return token ? (
    <ResetLink token={token} onRequestNew={() => setToken(null)} below={backToLogin} />
  ) : (
    <AuthShell title={t('forgot.title')} subtitle={t('forgot.subtitle')} below={backToLogin}>
      <RequestForm />
    </AuthShell>
  );
}

function RequestForm() {
  const { t } = useTranslation('personalAuth');
  const errorText = useFieldErrorText();
  const request = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const submit = handleSubmit((values) => request.mutate(values));

  if (request.isSuccess) {
    return (
      <Alert tone="success">
        <p className="flex items-start gap-2">
          <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0" />
          {t('forgot.sent')}
        </p>
      </Alert>
    );
  }
  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={guardedSubmit(request.isPending, request.reset, submit)}
    >
      <TextField
        type="email"
        {...LTR_INPUT}
        label={t('forgot.email')}
        placeholder={t('login.emailPlaceholder')}
        autoComplete="email"
        error={errorText(errors.email)}
        {...register('email')}
      />
      {request.isError ? (
        <Alert tone="error">{failureReason(request.error, t('forgot.failed'))}</Alert>
      ) : null}
      <SubmitButton
        isPending={request.isPending}
        icon={<Send aria-hidden className="size-5 rtl:-scale-x-100" />}
        label={t('forgot.submit')}
        pendingLabel={t('forgot.submitting')}
      />
    </form>
  );
}

/**
 * A mailed reset link, checked as the page opens: a dead one (unknown, used or expired) says so
 * at once with a way to ask for a new one; a live one shows the new password form. Should the
 * check itself fail (offline), the form shows and its submit tells.
 */
function ResetLink({
  token,
  onRequestNew,
  below,
}: {
  token: string;
  onRequestNew: () => void;
  below: ReactNode;
}) {
  const { t } = useTranslation('personalAuth');
  const status = useResetLinkStatus(token);
  const isDead =
    status.data?.valid === false ||
    (status.error instanceof ApiError && status.error.status === 400);

  if (isDead) {
    return (
      <AuthShell title={t('reset.deadTitle')} below={below}>
        <div className="space-y-5">
          <Alert tone="error">
            <p className="font-semibold">{t('reset.invalidLink')}</p>
            <p>{t('reset.deadHint')}</p>
          </Alert>
          <button
            type="button"
            className={`${buttonClasses('primary', 'lg')} w-full`}
            onClick={onRequestNew}
          >
            <Send aria-hidden className="size-5 rtl:-scale-x-100" />
            {t('reset.requestNew')}
          </button>
        </div>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t('reset.title')} subtitle={t('reset.subtitle')} below={below}>
      {status.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <LoaderCircle aria-hidden className="size-5 animate-spin motion-reduce:animate-none" />
          {t('reset.checking')}
        </p>
      ) : (
        <ResetForm token={token} onRequestNew={onRequestNew} />
      )}
    </AuthShell>
  );
}

type ResetFields = Omit<ResetPasswordInput, 'token'>;

function ResetForm({ token, onRequestNew }: { token: string; onRequestNew: () => void }) {
  const { t } = useTranslation('personalAuth');
  const errorText = useFieldErrorText();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const submit = handleSubmit((values) =>
    reset.mutate(values, {
      onError: (error) =>
        showServerFieldErrors<ResetFields>(error, setError, ['password', 'confirmPassword']),
    }),
  );

  if (reset.isSuccess) {
    return (
      <div className="space-y-5">
        <Alert tone="success">
          <p className="flex items-start gap-2">
            <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0" />
            {t('reset.success')}
          </p>
        </Alert>
        <Link to="/login" className={`${buttonClasses('primary', 'lg')} w-full`}>
          {t('reset.goToLogin')}
        </Link>
      </div>
    );
  }

  const linkInvalid =
    reset.error instanceof ApiError &&
    (reset.error.code === 'reset_token_invalid' ||
      reset.error.fieldErrors.some(({ path }) => path === 'token'));

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={guardedSubmit(reset.isPending, reset.reset, submit)}
    >
      <TextField
        type="password"
        label={t('reset.password')}
        autoComplete="new-password"
        hint={t('register.passwordHint')}
        error={errorText(errors.password)}
        {...register('password')}
      />
      <TextField
        type="password"
        label={t('reset.confirmPassword')}
        autoComplete="new-password"
        error={errorText(errors.confirmPassword)}
        {...register('confirmPassword')}
      />
      {linkInvalid ? (
        <Alert tone="error">
          <p>{t('reset.invalidLink')}</p>
          <button type="button" className={linkClasses} onClick={onRequestNew}>
            {t('reset.requestNew')}
          </button>
        </Alert>
      ) : reset.isError && !(reset.error instanceof ApiError && reset.error.fieldErrors.length) ? (
        <Alert tone="error">{failureReason(reset.error, t('reset.failed'))}</Alert>
      ) : null}
      <SubmitButton
        isPending={reset.isPending}
        label={t('reset.submit')}
        pendingLabel={t('reset.submitting')}
      />
    </form>
  );
}
