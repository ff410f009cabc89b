import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/problem-text.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import type { ApiKey } from '../api/get-api-keys.ts';
import { type ApiKeyChanges, useUpdateApiKey } from '../api/update-api-key.ts';
import {
  KEY_SETTINGS_FIELDS,
  KeySettingsFields,
  type KeySettingsInput,
  type KeySettingsOutput,
  keySettingsSchema,
  toLocalInputValue,
  zonedExpiry,
} from './key-settings-fields.tsx';

const settingsOf = (key: ApiKey): KeySettingsInput => ({
  key_name: key.key_name,
  scopes: [...key.scopes],
  allowed_ips: key.allowed_ips?.join(', ') ?? '',
  rate_limit_per_hour: key.rate_limit_per_hour,
  rate_limit_per_minute: key.rate_limit_per_minute,
  expires_at: key.expires_at ? toLocalInputValue(new Date(key.expires_at)) : '',
  mode: key.mode,
});

function EditApiKeyForm({
  organizationId,
  apiKey,
  onDone,
}: {
  organizationId: string;
  apiKey: ApiKey;
  onDone: () => void;
}) {
  const { t } = useTranslation('apiKeys');
  const { t: ts } = useTranslation('security');
  const updateKey = useUpdateApiKey(organizationId);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, dirtyFields, isDirty },
  } = useForm<KeySettingsInput, unknown, KeySettingsOutput>({
    resolver: zodResolver(keySettingsSchema(apiKey.expires_at)),
    defaultValues: settingsOf(apiKey),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  // Only what was changed is sent: a field left alone stays as the server has it.
  const onSubmit = handleSubmit((values) => {
    const changes: ApiKeyChanges = {};
    if (dirtyFields.key_name) changes.key_name = values.key_name;
    if (dirtyFields.scopes) changes.scopes = values.scopes;
    if (dirtyFields.allowed_ips) {
      changes.allowed_ips = values.allowed_ips?.length ? values.allowed_ips : null;
    }
    if (dirtyFields.rate_limit_per_hour) changes.rate_limit_per_hour = values.rate_limit_per_hour;
    if (dirtyFields.rate_limit_per_minute) {
      changes.rate_limit_per_minute = values.rate_limit_per_minute;
    }
    if (dirtyFields.expires_at) {
      changes.expires_at = values.expires_at ? zonedExpiry(values.expires_at).toISOString() : null;
    }
    if (Object.keys(changes).length === 0) return onDone();
    updateKey.mutate(
      { id: apiKey.id, ...changes },
      {
        onSuccess: () => {
          toast.success(t('toasts.updated'));
          onDone();
        },
        onError: (error) => {
          showServerFieldErrors(error, setError, KEY_SETTINGS_FIELDS);
          toast.error(failureText(t('toasts.updateFailed'), error));
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <KeySettingsFields register={register} control={control} errors={errors} />
      <DialogActions>
        <Button type="submit" disabled={!isDirty || updateKey.isPending}>
          {updateKey.isPending ? t('edit.saving') : t('edit.submit')}
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={updateKey.isPending}>
          {ts('actions.cancel')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Changes a key's name, scopes, addresses, limits and expiry; in force from the next call. */
export function EditApiKeyDialog({
  organizationId,
  apiKey,
  onClose,
}: {
  organizationId: string;
  apiKey: ApiKey | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('apiKeys');
  return (
    <Dialog
      open={apiKey !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('edit.title', { name: apiKey?.key_name ?? '' })}
      description={t('edit.description')}
      className="max-w-2xl"
    >
      {apiKey ? (
        <EditApiKeyForm organizationId={organizationId} apiKey={apiKey} onDone={onClose} />
      ) : null}
    </Dialog>
  );
}
