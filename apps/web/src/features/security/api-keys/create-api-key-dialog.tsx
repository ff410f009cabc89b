import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_RATE_LIMIT_PER_HOUR,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_SCOPES,
} from '@tanqin/shared';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TestModeNote } from '../../../components/test-mode-note.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useConsoleMode } from '../../../lib/console-mode.ts';
import { failureText } from '../../../lib/problem-text.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { type CreatedApiKey, useCreateApiKey } from '../api/create-api-key.ts';
import {
  KEY_SETTINGS_FIELDS,
  KeySettingsFields,
  type KeySettingsInput,
  type KeySettingsOutput,
  keySettingsSchema,
  zonedExpiry,
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
  const { t: tm } = useTranslation('consoleMode');
  // A key of the console's mode: the list shows that mode's keys only (Stripe does the same).
  const mode = useConsoleMode();
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
        expires_at: values.expires_at && zonedExpiry(values.expires_at).toISOString(),
        mode,
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

      {mode === 'test' ? (
        <TestModeNote>{tm('newKey.test')}</TestModeNote>
      ) : (
        <p className="flex items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm leading-relaxed text-slate-700">
          <KeyRound aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{tm('newKey.live')}</span>
        </p>
      )}

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
