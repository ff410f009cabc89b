import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AcceptInvitationInput,
  acceptInvitationSchema,
  type InvitationPreview,
} from '@tanqin/shared';
import { LoaderCircle, UserCheck } from 'lucide-react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useFieldErrorText } from '../../../lib/field-error-text.ts';
import { LTR_INPUT } from '../../../lib/ltr-input.ts';
import { failureReason } from '../../../lib/problem-text.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useAcceptInvitation } from '../api/invitations.ts';

const FIELDS = [
  'firstName',
  'lastName',
  'phoneNumber',
  'password',
  'confirmPassword',
] as const satisfies readonly Path<AcceptInvitationInput>[];

/**
 * The invitee's own details and password (sign-up's rules and messages, from the shared schema).
 * On success the new member is signed in and lands on the organisation dashboard.
 */
export function JoinForm({ token, preview }: { token: string; preview: InvitationPreview }) {
  const { t } = useTranslation('join');
  const errorText = useFieldErrorText();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AcceptInvitationInput>({
    resolver: zodResolver(acceptInvitationSchema),
    defaultValues: {
      token,
      firstName: '',
      lastName: '',
      phoneNumber: '',
      password: '',
      confirmPassword: '',
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const submit = handleSubmit((values) =>
    accept.mutate(values, {
      onSuccess: () => void navigate('/org-dashboard', { replace: true }),
      onError: (error) => showServerFieldErrors(error, setError, FIELDS, { focusFirst: true }),
    }),
  );
  const isAccountTaken = accept.error instanceof ApiError && accept.error.code === 'already_member';

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        if (accept.isPending) {
          event.preventDefault();
          return;
        }
        accept.reset();
        void submit(event);
      }}
    >
      <TextField
        type="email"
        {...LTR_INPUT}
        label={t('email')}
        value={preview.email}
        hint={t('emailHint')}
        readOnly
        autoComplete="username"
        className="bg-slate-50 text-slate-700 rtl:text-right"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('firstName')}
          autoComplete="given-name"
          error={errorText(errors.firstName)}
          {...register('firstName')}
        />
        <TextField
          label={t('lastName')}
          autoComplete="family-name"
          error={errorText(errors.lastName)}
          {...register('lastName')}
        />
      </div>
      <TextField
        type="tel"
        {...LTR_INPUT}
        label={
          <>
            {t('phone')} <span className="font-normal text-slate-500">{t('optional')}</span>
          </>
        }
        placeholder={t('phonePlaceholder')}
        autoComplete="tel"
        error={errorText(errors.phoneNumber)}
        {...register('phoneNumber')}
      />
      <TextField
        type="password"
        label={t('password')}
        hint={t('passwordHint')}
        autoComplete="new-password"
        error={errorText(errors.password)}
        // The mismatch message follows the password as it changes, not only the confirmation.
        {...register('password', { deps: ['confirmPassword'] })}
      />
      <TextField
        type="password"
        label={t('confirmPassword')}
        autoComplete="new-password"
        error={errorText(errors.confirmPassword)}
        {...register('confirmPassword')}
      />
      {accept.isError ? (
        <Alert tone="error" className="space-y-1">
          <p>{failureReason(accept.error, t('errors.failed'))}</p>
          {isAccountTaken ? (
            <Link
              to="/org-auth?tab=login"
              className="font-semibold underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              {t('invalid.login')}
            </Link>
          ) : null}
        </Alert>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={accept.isPending}>
        {accept.isPending ? (
          <LoaderCircle aria-hidden className="size-5 animate-spin" />
        ) : (
          <UserCheck aria-hidden className="size-5" />
        )}
        {accept.isPending ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}
