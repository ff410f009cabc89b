import { zodResolver } from '@hookform/resolvers/zod';
import { createTrustedIpSchema } from '@tanqin/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useConsoleMode } from '../../../lib/console-mode.ts';
import { localMessage } from '../../../lib/language.ts';
import { failureText } from '../../../lib/problem-text.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useCreateTrustedIp } from '../api/create-trusted-ip.ts';
import { useApiKeys } from '../api/get-api-keys.ts';

type IpFormInput = z.input<typeof createTrustedIpSchema>;
type IpFormOutput = z.output<typeof createTrustedIpSchema>;
const FORM_FIELDS = ['ip_address', 'ip_range', 'description', 'api_key_id'] as const;

function AddTrustedIpForm({
  organizationId,
  canListKeys,
  onDone,
}: {
  organizationId: string;
  canListKeys: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('security');
  const createIp = useCreateTrustedIp(organizationId);
  // Only roles that manage keys may list them; the others can still trust an IP for all keys.
  const keys = useApiKeys(organizationId, useConsoleMode(), { enabled: canListKeys });
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<IpFormInput, unknown, IpFormOutput>({
    resolver: zodResolver(createTrustedIpSchema),
    defaultValues: { ip_address: '', ip_range: '', description: '', api_key_id: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const canSubmit = Boolean(watch('ip_address')?.trim()) && Boolean(watch('description')?.trim());
  const errorText = (message?: string) => (message ? localMessage(message) : undefined);

  const onSubmit = handleSubmit((values) => {
    createIp.mutate(
      {
        ip_address: values.ip_address,
        ip_range: values.ip_range || null,
        description: values.description,
        api_key_id: values.api_key_id || null,
      },
      {
        onSuccess: () => {
          toast.success(t('toasts.trustedIpAdded'));
          onDone();
        },
        onError: (error) => {
          showServerFieldErrors(error, setError, FORM_FIELDS);
          toast.error(failureText(t('toasts.trustedIpAddFailed'), error));
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField
        label={t('trustedIps.form.address')}
        hint={t('trustedIps.form.addressHint')}
        placeholder="203.0.113.10"
        dir="ltr"
        autoComplete="off"
        className="font-mono"
        error={errorText(errors.ip_address?.message)}
        {...register('ip_address')}
      />
      <TextField
        label={t('trustedIps.form.range')}
        hint={t('trustedIps.form.rangeHint')}
        placeholder="203.0.113.0/24"
        dir="ltr"
        autoComplete="off"
        className="font-mono"
        error={errorText(errors.ip_range?.message)}
        {...register('ip_range')}
      />
      <TextField
        label={t('trustedIps.form.description')}
        placeholder={t('trustedIps.form.descriptionPlaceholder')}
        maxLength={200}
        error={errorText(errors.description?.message)}
        {...register('description')}
      />
      <SelectField
        label={t('trustedIps.form.apiKey')}
        error={errorText(errors.api_key_id?.message)}
        {...register('api_key_id')}
      >
        <option value="">{t('trustedIps.allKeys')}</option>
        {keys.data?.map((key) => (
          <option key={key.id} value={key.id}>
            {key.key_name}
          </option>
        ))}
      </SelectField>
      <DialogActions>
        <Button type="submit" disabled={!canSubmit || createIp.isPending}>
          {createIp.isPending ? t('trustedIps.form.adding') : t('trustedIps.form.submit')}
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={createIp.isPending}>
          {t('actions.cancel')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Add a trusted IP: address (or CIDR), optional range, description, and the key it is for. */
export function AddTrustedIpDialog({
  organizationId,
  open,
  onOpenChange,
  canListKeys,
}: {
  organizationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  canListKeys: boolean;
}) {
  const { t } = useTranslation('security');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('trustedIps.form.title')}
      description={t('trustedIps.form.description_help')}
    >
      <AddTrustedIpForm
        organizationId={organizationId}
        canListKeys={canListKeys}
        onDone={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
