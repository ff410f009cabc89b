import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginRequestInput, loginRequestSchema } from '@tanqin/shared';
import { LogIn } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { useFieldErrorText } from '../../../lib/field-error-text.ts';
import { LTR_INPUT } from '../../../lib/ltr-input.ts';
import { failureReason } from '../../../lib/problem-text.ts';
import { type LoginOutcome, usePersonalLogin } from '../api/auth.ts';
import { linkClasses } from './auth-shell.tsx';
import { guardedSubmit } from './guarded-submit.ts';
import { SubmitButton } from './submit-button.tsx';

/** Spec section 5: on the personal login an empty email is an invalid one, as its message says. */
const loginFormSchema = loginRequestSchema.extend({
  email: z
    .string('emailInvalid')
    .trim()
    .min(1, 'emailInvalid')
    .pipe(loginRequestSchema.shape.email),
});

/** The credentials step: email, password, remember me; the outcome goes to the page. */
export function LoginCredentialsForm({
  defaultValues,
  onOutcome,
  isDone,
}: {
  defaultValues?: Partial<LoginRequestInput>;
  onOutcome: (outcome: LoginOutcome, values: LoginRequestInput) => void;
  isDone: boolean;
}) {
  const { t } = useTranslation('personalAuth');
  const errorText = useFieldErrorText();
  const login = usePersonalLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginRequestInput>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '', remember: false, ...defaultValues },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const isBusy = login.isPending || isDone;
  const submit = handleSubmit((values) =>
    login.mutate(values, { onSuccess: (outcome) => onOutcome(outcome, values) }),
  );

  return (
    <form noValidate className="space-y-5" onSubmit={guardedSubmit(isBusy, login.reset, submit)}>
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
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <label className="flex cursor-pointer items-center gap-2 text-slate-700">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300 accent-brand-700"
            {...register('remember')}
          />
          {t('login.remember')}
        </label>
        <Link to="/forgot-password" className={linkClasses}>
          {t('login.forgotPassword')}
        </Link>
      </div>
      {login.isError ? (
        <Alert tone="error">
          <p className="font-semibold">{t('login.failed')}</p>
          <p>{failureReason(login.error, t('login.failedFallback'))}</p>
        </Alert>
      ) : null}
      <SubmitButton
        isPending={login.isPending}
        disabled={isBusy}
        icon={<LogIn aria-hidden className="size-5 rtl:rotate-180" />}
        label={t('login.submit')}
        pendingLabel={t('login.submitting')}
      />
    </form>
  );
}
