import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordInput, changePasswordSchema } from '@tanqin/shared';
import { CheckCircle2, KeyRound, LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useFieldErrorText } from '../../../lib/field-error-text.ts';
import { failureReason } from '../../../lib/problem-text.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useChangePassword } from '../api/profile.ts';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** Change of password: the current one is required; the new one follows the spec's rules. */
export function ChangePasswordForm() {
  const { t } = useTranslation('profile');
  const fieldErrorText = useFieldErrorText();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const submit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => reset(),
      onError: (error) => {
        // A wrong current password is the current password's error, not the form's.
        if (error instanceof ApiError && error.code === 'current_password_invalid') {
          setError('currentPassword', { type: 'wrong' }, { shouldFocus: true });
          return;
        }
        showServerFieldErrors(error, setError, FIELDS, { focusFirst: true });
      },
    }),
  );
  const wrongCurrent = errors.currentPassword?.type === 'wrong';
  const showGeneral =
    change.isError &&
    !wrongCurrent &&
    !(change.error instanceof ApiError && change.error.fieldErrors.length > 0);

  return (
    <form
      noValidate
      className="space-y-4"
      aria-labelledby="password-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (change.isPending) return;
        change.reset();
        void submit(event);
      }}
    >
      <h3 id="password-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <KeyRound aria-hidden className="size-4 text-brand-700" />
        {t('security.passwordTitle')}
      </h3>
      <TextField
        type="password"
        label={t('security.currentPassword')}
        autoComplete="current-password"
        error={wrongCurrent ? t('security.wrongPassword') : fieldErrorText(errors.currentPassword)}
        {...register('currentPassword')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          type="password"
          label={t('security.newPassword')}
          autoComplete="new-password"
          hint={t('security.newPasswordHint')}
          error={fieldErrorText(errors.newPassword)}
          {...register('newPassword')}
        />
        <TextField
          type="password"
          label={t('security.confirmPassword')}
          autoComplete="new-password"
          error={fieldErrorText(errors.confirmPassword)}
          {...register('confirmPassword')}
        />
      </div>
      {showGeneral ? (
        <Alert tone="error">{failureReason(change.error, t('security.passwordFailed'))}</Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" disabled={change.isPending}>
          {change.isPending ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
          {change.isPending ? t('security.changingPassword') : t('security.changePassword')}
        </Button>
        {change.isSuccess ? (
          <p role="status" className="flex items-center gap-1.5 text-sm font-medium text-green-700">
            <CheckCircle2 aria-hidden className="size-4" />
            {t('security.passwordChanged')}
          </p>
        ) : null}
      </div>
    </form>
  );
}
