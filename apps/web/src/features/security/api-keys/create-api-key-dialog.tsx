import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_RATE_LIMIT_PER_HOUR,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_SCOPES,
  KEY_MODES,
} from '@tanqin/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/problem-text.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { type CreatedApiKey, useCreateApiKey } from '../api/create-api-key.ts';
import {
  KEY_SETTINGS_FIELDS,
  KeySettingsFields,
  type KeySettingsInput,
  type KeySettingsOutput,
  keySettingsSchema,
} from './key-settings-fields.tsx';

const defaultValues: KeySettingsInput = {
  key_name: '',
  scopes: [...DEFAULT_SCOPES],
  allowed_ips: '',
  rate_limit_per_hour: DEFAULT_RATE_LIMIT_PER_HOUR,
  rate_limit_per_minute: DEFAULT_RATE_LIMIT_PER_MINUTE,
  expires_at: '',
  mode: 'live',
};

function CreateApiKeyForm({
  organizationId,
  onCreated,
  onCancel,
}: {
  organizationId: string;
  onCreated: (created: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('apiKeys');
  const { t: ts } = useTranslation('security');
  const createKey = useCreateApiKey(organizationId);
  const {
    register,
    control,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<KeySettingsInput, unknown, KeySettingsOutput>({
    resolver: zodResolver(keySettingsSchema()),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const keyName = watch('key_name');
  const scopes = watch('scopes');
  const canSubmit = Boolean(keyName?.trim()) && (scopes?.length ?? 0) > 0;

  const onSubmit = handleSubmit((values) => {
    createKey.mutate(
      {
        key_name: values.key_name,
        scopes: values.scopes,
        allowed_ips: values.allowed_ips ?? [],
        rate_limit_per_hour: values.rate_limit_per_hour,
        rate_limit_per_minute: values.rate_limit_per_minute,
        expires_at: values.expires_at?.toISOString(),
        mode: values.mode,
      },
      {
        onSuccess: (created) => {
          toast.success(t('toasts.created'));
          onCreated(created);
        },
        onError: (error) => {
          showServerFieldErrors(error, setError, KEY_SETTINGS_FIELDS);
          toast.error(failureText(t('toasts.createFailed'), error));
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <KeySettingsFields register={register} control={control} errors={errors} />

      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('form.mode')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {KEY_MODES.map((mode) => (
            <label
              key={mode}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                value={mode}
                className="mt-1 size-4 shrink-0 accent-brand-700"
                {...register('mode')}
              />
              <span className="min-w-0 space-y-0.5">
                <span className="block text-sm font-semibold text-slate-900">
                  {t(`form.modes.${mode}`)}
                </span>
                <span className="block text-xs text-slate-600">{t(`form.modeHints.${mode}`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <DialogActions>
        <Button type="submit" disabled={!canSubmit || createKey.isPending}>
          {createKey.isPending ? t('form.creating') : t('form.submit')}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={createKey.isPending}>
          {ts('actions.cancel')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** The create dialog; the form is mounted afresh, with the spec's defaults, each time it opens. */
export function CreateApiKeyDialog({
  organizationId,
  open,
  onOpenChange,
  onCreated,
}: {
  organizationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const { t } = useTranslation('apiKeys');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('form.title')}
      description={t('form.description')}
      className="max-w-2xl"
    >
      <CreateApiKeyForm
        organizationId={organizationId}
        onCreated={onCreated}
        onCancel={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
