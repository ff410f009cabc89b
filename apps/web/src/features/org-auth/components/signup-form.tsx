import { zodResolver } from '@hookform/resolvers/zod';
import {
  ORGANIZATION_TYPES,
  type OrgSignup,
  type OrgSignupInput,
  orgSignupSchema,
} from '@tanqin/shared';
import { LoaderCircle, UserPlus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { useFieldErrorText } from '../../../lib/field-error-text.ts';
import { LTR_INPUT } from '../../../lib/ltr-input.ts';
import { failureReason } from '../../../lib/problem-text.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSignUp } from '../api/sign-up.ts';
import { SignupSuccess } from './signup-success.tsx';

const DEFAULT_VALUES: OrgSignupInput = {
  name: '',
  type: 'private',
  email: '',
  phone: '',
  contactPerson: '',
  adminDetails: {
    firstName: '',
    lastName: '',
    email: '',
    phoneNumber: '',
    password: '',
    confirmPassword: '',
  },
};

/** Every field the form shows; a server error on one of these paths is shown on that field. */
const FIELD_PATHS = [
  'name',
  'type',
  'email',
  'phone',
  'contactPerson',
  'adminDetails.firstName',
  'adminDetails.lastName',
  'adminDetails.email',
  'adminDetails.phoneNumber',
  'adminDetails.password',
  'adminDetails.confirmPassword',
] as const satisfies readonly Path<OrgSignupInput>[];

function OptionalLabel({ children }: { children: ReactNode }) {
  const { t } = useTranslation('orgAuth');
  return (
    <>
      {children} <span className="font-normal text-slate-500">{t('signup.optional')}</span>
    </>
  );
}

function FormSection({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-bold text-slate-900">{title}</legend>
      {hint ? <p className="-mt-2 text-sm text-slate-600">{hint}</p> : null}
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/**
 * The organisation sign-up entity of spec section 3, validated with the shared schema on
 * submit and then on every change (spec section 5). On success a panel replaces the form.
 */
export function SignupForm({ onGoToLogin }: { onGoToLogin: (adminEmail?: string) => void }) {
  const { t } = useTranslation('orgAuth');
  const errorText = useFieldErrorText();
  const signUp = useSignUp();
  const [signedUpEmail, setSignedUpEmail] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<OrgSignupInput, unknown, OrgSignup>({
    resolver: zodResolver(orgSignupSchema),
    defaultValues: DEFAULT_VALUES,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const submit = handleSubmit((values) =>
    signUp.mutate(values, {
      onSuccess: () => {
        setSignedUpEmail(values.adminDetails.email);
        reset();
      },
      onError: (error) => showServerFieldErrors(error, setError, FIELD_PATHS, { focusFirst: true }),
    }),
  );

  if (signUp.isSuccess) {
    return (
      <SignupSuccess
        onGoToLogin={() => onGoToLogin(signedUpEmail)}
        onRegisterAnother={() => signUp.reset()}
      />
    );
  }

  return (
    <form
      noValidate
      className="space-y-8"
      onSubmit={(event) => {
        if (signUp.isPending) {
          event.preventDefault();
          return;
        }
        // The previous attempt's message goes as soon as the user tries again.
        signUp.reset();
        void submit(event);
      }}
    >
      <FormSection title={t('signup.organizationSection')}>
        <TextField
          label={t('signup.name')}
          placeholder={t('signup.namePlaceholder')}
          autoComplete="organization"
          error={errorText(errors.name)}
          {...register('name')}
        />
        <SelectField label={t('signup.type')} error={errorText(errors.type)} {...register('type')}>
          {ORGANIZATION_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`signup.types.${type}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          type="email"
          {...LTR_INPUT}
          label={t('signup.email')}
          placeholder={t('signup.emailPlaceholder')}
          autoComplete="work email"
          error={errorText(errors.email)}
          {...register('email')}
        />
        <TextField
          type="tel"
          {...LTR_INPUT}
          label={<OptionalLabel>{t('signup.phone')}</OptionalLabel>}
          placeholder={t('signup.phonePlaceholder')}
          autoComplete="work tel"
          error={errorText(errors.phone)}
          {...register('phone')}
        />
        <TextField
          label={t('signup.contactPerson')}
          autoComplete="name"
          error={errorText(errors.contactPerson)}
          {...register('contactPerson')}
        />
      </FormSection>

      <FormSection title={t('signup.adminSection')} hint={t('signup.adminSectionHint')}>
        <TextField
          label={t('signup.firstName')}
          autoComplete="given-name"
          error={errorText(errors.adminDetails?.firstName)}
          {...register('adminDetails.firstName')}
        />
        <TextField
          label={t('signup.lastName')}
          autoComplete="family-name"
          error={errorText(errors.adminDetails?.lastName)}
          {...register('adminDetails.lastName')}
        />
        <TextField
          type="email"
          {...LTR_INPUT}
          label={t('signup.adminEmail')}
          placeholder={t('signup.adminEmailPlaceholder')}
          autoComplete="email"
          error={errorText(errors.adminDetails?.email)}
          {...register('adminDetails.email')}
        />
        <TextField
          type="tel"
          {...LTR_INPUT}
          label={<OptionalLabel>{t('signup.adminPhone')}</OptionalLabel>}
          placeholder={t('signup.adminPhonePlaceholder')}
          autoComplete="tel"
          error={errorText(errors.adminDetails?.phoneNumber)}
          {...register('adminDetails.phoneNumber')}
        />
        <TextField
          type="password"
          label={t('signup.password')}
          hint={t('signup.passwordHint')}
          autoComplete="new-password"
          error={errorText(errors.adminDetails?.password)}
          // The mismatch message follows the password as it changes, not only the confirmation.
          {...register('adminDetails.password', { deps: ['adminDetails.confirmPassword'] })}
        />
        <TextField
          type="password"
          label={t('signup.confirmPassword')}
          autoComplete="new-password"
          error={errorText(errors.adminDetails?.confirmPassword)}
          {...register('adminDetails.confirmPassword')}
        />
      </FormSection>

      <div className="space-y-4">
        {signUp.isError ? (
          <Alert tone="error">{failureReason(signUp.error, t('signup.failed'))}</Alert>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={signUp.isPending}>
          {signUp.isPending ? (
            <LoaderCircle aria-hidden className="size-5 animate-spin" />
          ) : (
            <UserPlus aria-hidden className="size-5" />
          )}
          {signUp.isPending ? t('signup.submitting') : t('signup.submit')}
        </Button>
        <p className="text-center text-sm text-slate-600">
          {t('signup.haveAccount')}{' '}
          <button
            type="button"
            onClick={() => onGoToLogin()}
            className="rounded font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {t('signup.loginInstead')}
          </button>
        </p>
      </div>
    </form>
  );
}
