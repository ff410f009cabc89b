import type { LoginRequestInput, Verification } from '@tanqin/shared';
import { Building2, CheckCircle2, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import type { LoginOutcome } from './api/auth.ts';
import { AuthShell, linkClasses } from './components/auth-shell.tsx';
import { ConfirmCodeStep } from './components/confirm-code-step.tsx';
import { LoginCredentialsForm } from './components/login-credentials-form.tsx';
import { TwoFactorForm } from './components/two-factor-form.tsx';
import { PERSONAL_REDIRECT_DELAY_MS, personalRedirectTarget } from './redirect.ts';

type Step =
  | { name: 'credentials' }
  | { name: 'twoFactor'; twoFactorToken: string }
  | { name: 'confirm'; verification?: Verification }
  | { name: 'done' };

/** /login: credentials, then the two-step code or the account's confirmation when asked. */
export function LoginPage() {
  const { t } = useTranslation('personalAuth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = personalRedirectTarget(searchParams.get('redirect'));
  const [step, setStep] = useState<Step>({ name: 'credentials' });
  // Kept so the way back from the code step shows the email typed (never the password).
  const [credentials, setCredentials] = useState<Partial<LoginRequestInput>>();

  useEffect(() => {
    if (step.name !== 'done') return;
    const timer = window.setTimeout(
      () => void navigate(redirectTo, { replace: true }),
      PERSONAL_REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [step.name, navigate, redirectTo]);

  const onOutcome = (outcome: LoginOutcome) => {
    if (outcome.kind === 'signedIn') setStep({ name: 'done' });
    else if (outcome.kind === 'twoFactor') {
      setStep({ name: 'twoFactor', twoFactorToken: outcome.twoFactorToken });
    } else setStep({ name: 'confirm', verification: outcome.verification });
  };

  const title =
    step.name === 'twoFactor'
      ? t('twoFactor.title')
      : step.name === 'confirm'
        ? t('confirm.title')
        : t('login.title');

  return (
    <AuthShell
      title={title}
      subtitle={step.name === 'credentials' ? t('login.subtitle') : undefined}
      below={
        <div className="mt-6 w-full max-w-md space-y-4 text-center text-sm text-slate-600">
          <p>
            {t('login.noAccount')}{' '}
            <Link to="/register" className={linkClasses}>
              <UserPlus aria-hidden className="me-1 inline size-4" />
              {t('login.register')}
            </Link>
          </p>
          <p className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1">
            <span className="inline-flex items-center gap-1">
              <Building2 aria-hidden className="size-4" />
              {t('login.organizations')}:
            </span>
            <Link to="/org-auth" className={linkClasses}>
              {t('login.orgLogin')}
            </Link>
            <span aria-hidden className="max-sm:hidden">
              ·
            </span>
            <Link to="/org-auth?tab=signup" className={linkClasses}>
              {t('login.orgSignup')}
            </Link>
          </p>
        </div>
      }
    >
      {step.name === 'credentials' ? (
        <LoginCredentialsForm
          defaultValues={credentials}
          isDone={false}
          onOutcome={(outcome, values) => {
            setCredentials({ email: values.email, remember: values.remember });
            onOutcome(outcome);
          }}
        />
      ) : null}
      {step.name === 'done' ? <SuccessNotice /> : null}
      {step.name === 'twoFactor' ? (
        <TwoFactorForm
          twoFactorToken={step.twoFactorToken}
          isDone={false}
          onOutcome={onOutcome}
          onBack={() => setStep({ name: 'credentials' })}
        />
      ) : null}
      {step.name === 'confirm' ? (
        <ConfirmCodeStep
          verification={step.verification}
          intro={t('confirm.unconfirmed')}
          onConfirmed={() => setStep({ name: 'done' })}
        />
      ) : null}
    </AuthShell>
  );
}

function SuccessNotice() {
  const { t } = useTranslation('personalAuth');
  return (
    <Alert tone="success">
      <p className="flex items-center gap-2 font-semibold">
        <CheckCircle2 aria-hidden className="size-5" />
        {t('login.success')}
      </p>
      <p>{t('login.redirecting')}</p>
    </Alert>
  );
}
