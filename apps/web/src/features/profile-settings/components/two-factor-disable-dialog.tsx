import { zodResolver } from '@hookform/resolvers/zod';
import { disableTwoFactorSchema } from '@tanqin/shared';
import { LoaderCircle, ShieldOff } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useFieldErrorText } from '../../../lib/field-error-text.ts';
import { failureReason } from '../../../lib/problem-text.ts';
import { useDisableTwoFactor } from '../api/profile.ts';

type DisableForm = z.input<typeof disableTwoFactorSchema>;

/** Turning two-step verification off takes the password and a current (or recovery) code. */
export function TwoFactorDisableDialog({
  onClose,
  onDisabled,
}: {
  onClose: () => void;
  onDisabled: () => void;
}) {
  const { t } = useTranslation('profile');
  const errorText = useFieldErrorText();
  const disable = useDisableTwoFactor();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DisableForm>({
    resolver: zodResolver(disableTwoFactorSchema),
    defaultValues: { password: '', code: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const submit = handleSubmit((values) => disable.mutate(values, { onSuccess: onDisabled }));
  const invalidCode = disable.error instanceof ApiError && disable.error.code === 'invalid_code';

  return (
    <Dialog
      open
      role="alertdialog"
      onOpenChange={onClose}
      title={t('disable.title')}
      description={t('disable.description')}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (disable.isPending) return;
          disable.reset();
          void submit(event);
        }}
      >
        <TextField
          type="password"
          label={t('disable.password')}
          autoComplete="current-password"
          error={errorText(errors.password)}
          {...register('password')}
        />
        <TextField
          label={t('disable.code')}
          autoComplete="one-time-code"
          dir="ltr"
          className="font-mono rtl:text-right"
          error={errorText(errors.code)}
          {...register('code')}
        />
        {disable.isError ? (
          <Alert tone="error">
            {invalidCode
              ? t('disable.invalidCode')
              : failureReason(disable.error, t('disable.failed'))}
          </Alert>
        ) : null}
        <DialogActions>
          <Button type="submit" variant="danger" disabled={disable.isPending}>
            {disable.isPending ? (
              <LoaderCircle aria-hidden className="size-4 animate-spin" />
            ) : (
              <ShieldOff aria-hidden className="size-4" />
            )}
            {disable.isPending ? t('disable.confirming') : t('disable.confirm')}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            {t('disable.cancel')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
