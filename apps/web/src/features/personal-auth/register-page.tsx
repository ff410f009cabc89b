import { zodResolver } from '@hookform/resolvers/zod';
import type { Verification } from '@tanqin/shared';
import {
  type IndividualRegistrationInput,
  individualRegistrationFieldsSchema,
  VERIFICATION_METHODS,
} from '@tanqin/shared';
import { Mail, MessageSquare, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { useFieldErrorText } from '../../lib/field-error-text.ts';
import { LTR_INPUT } from '../../lib/ltr-input.ts';
import { failureReason } from '../../lib/problem-text.ts';
import { showServerFieldErrors } from '../../lib/server-field-errors.ts';
import { useRegisterIndividual } from './api/auth.ts';
import { AuthShell, linkClasses } from './components/auth-shell.tsx';
import { ConfirmCodeStep } from './components/confirm-code-step.tsx';
import { guardedSubmit } from './components/guarded-submit.ts';
import { SubmitButton } from './components/submit-button.tsx';
import { PERSONAL_HOME, PERSONAL_REDIRECT_DELAY_MS } from './redirect.ts';

const FIELDS = [
  'nationalId',
  'phoneNumber',
  'email',
  'firstName',
  'lastName',
  'password',
  'confirmPassword',
  'method',
] as const;

const methodIcons = { sms: MessageSquare, email: Mail } as const;

/** /register: the individual's account, then its confirmation by a code, then the dashboard. */
export function RegisterPage() {
  const { t } = useTranslation('personalAuth');
  const navigate = useNavigate();
  const [verification, setVerification] = useState<Verification>();
  const [confirmed, setConfirmed] = useState(false);

  useEffect(() => {
    if (!confirmed) return;
    const timer = window.setTimeout(
      () => void navigate(PERSONAL_HOME, { replace: true }),
      PERSONAL_REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [confirmed, navigate]);

  return (
    <AuthShell
      wide={!verification}
      title={verification ? t('confirm.title') : t('register.title')}
      subtitle={verification ? undefined : t('register.subtitle')}
      below={
        verification ? null : (
          <p className="mt-6 text-center text-sm text-slate-600">
            {t('register.haveAccount')}{' '}
            <Link to="/login" className={linkClasses}>
              {t('register.login')}
            </Link>
          </p>
        )
      }
    >
      {verification ? (
        <ConfirmCodeStep verification={verification} onConfirmed={() => setConfirmed(true)} />
      ) : (
        <RegisterForm onRegistered={setVerification} />
      )}
    </AuthShell>
  );
}

function RegisterForm({ onRegistered }: { onRegistered: (verification: Verification) => void }) {
  const { t } = useTranslation('personalAuth');
  const fieldErrorText = useFieldErrorText();
  const registration = useRegisterIndividual();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<IndividualRegistrationInput>({
    resolver: zodResolver(individualRegistrationFieldsSchema),
    defaultValues: {
      nationalId: '',
      phoneNumber: '',
      email: '',
      firstName: '',
      lastName: '',
      password: '',
      confirmPassword: '',
      method: 'sms',
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const method = watch('method');

  // An email that already has an account is answered like any other (no account oracle): its
  // owner is mailed instead of the code, so this form has no "email taken" state.
  const errorText = (error?: FieldError) => fieldErrorText(error);

  const submit = handleSubmit((values) =>
    registration.mutate(values, {
      onSuccess: (answer) =>
        onRegistered(answer.verification ?? { method: values.method ?? 'sms' }),
      onError: (error) => showServerFieldErrors(error, setError, FIELDS, { focusFirst: true }),
    }),
  );

  const hasFieldErrors =
    registration.error instanceof ApiError && registration.error.fieldErrors.length > 0;

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={guardedSubmit(registration.isPending, registration.reset, submit)}
    >
      <fieldset className="space-y-4">
        <legend className="mb-3 text-sm font-bold text-brand-800">
          {t('register.personalSection')}
        </legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('register.firstName')}
            autoComplete="given-name"
            error={errorText(errors.firstName)}
            {...register('firstName')}
          />
          <TextField
            label={t('register.lastName')}
            autoComplete="family-name"
            error={errorText(errors.lastName)}
            {...register('lastName')}
          />
          <TextField
            label={t('register.nationalId')}
            inputMode="numeric"
            maxLength={10}
            autoComplete="off"
            {...LTR_INPUT}
            hint={t('register.nationalIdHint')}
            error={errorText(errors.nationalId)}
            {...register('nationalId')}
          />
          <TextField
            type="tel"
            label={t('register.phoneNumber')}
            inputMode="numeric"
            maxLength={10}
            placeholder="05xxxxxxxx"
            autoComplete="tel-national"
            {...LTR_INPUT}
            error={errorText(errors.phoneNumber)}
            {...register('phoneNumber')}
          />
        </div>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-3 text-sm font-bold text-brand-800">
          {t('register.accountSection')}
        </legend>
        <TextField
          type="email"
          label={t('register.email')}
          autoComplete="email"
          placeholder={t('login.emailPlaceholder')}
          {...LTR_INPUT}
          error={errorText(errors.email)}
          {...register('email')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            type="password"
            label={t('register.password')}
            autoComplete="new-password"
            hint={t('register.passwordHint')}
            error={errorText(errors.password)}
            {...register('password')}
          />
          <TextField
            type="password"
            label={t('register.confirmPassword')}
            autoComplete="new-password"
            error={errorText(errors.confirmPassword)}
            {...register('confirmPassword')}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('register.method')}</legend>
        <div className="grid grid-cols-2 gap-3">
          {VERIFICATION_METHODS.map((value) => {
            const Icon = methodIcons[value];
            return (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700',
                  method === value
                    ? 'border-brand-700 bg-brand-50 text-brand-800'
                    : 'border-slate-300 text-slate-700 hover:bg-slate-50',
                )}
              >
                <input
                  type="radio"
                  value={value}
                  className="size-4 accent-brand-700"
                  {...register('method')}
                />
                <Icon aria-hidden className="size-4 shrink-0" />
                {t(`register.methods.${value}`)}
              </label>
            );
          })}
        </div>
        {errors.method ? (
          <p role="alert" className="mt-1.5 text-sm text-red-700">
            {errorText(errors.method)}
          </p>
        ) : null}
      </fieldset>
      {registration.isError && !hasFieldErrors ? (
        <Alert tone="error">{failureReason(registration.error, t('register.failed'))}</Alert>
      ) : null}
      <SubmitButton
        isPending={registration.isPending}
        icon={<UserPlus aria-hidden className="size-5" />}
        label={t('register.submit')}
        pendingLabel={t('register.submitting')}
      />
    </form>
  );
}
