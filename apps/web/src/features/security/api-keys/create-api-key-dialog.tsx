import { zodResolver } from '@hookform/resolvers/zod';
import {
  createApiKeySchema,
  DEFAULT_RATE_LIMIT_PER_HOUR,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_SCOPES,
  SCOPES,
} from '@tanqin/shared';
import { useId } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { localMessage } from '../../../lib/language.ts';
import { failureText } from '../../../lib/problem-text.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { type CreatedApiKey, useCreateApiKey } from '../api/create-api-key.ts';
import { scopeTextKey } from './scope-keys.ts';

// The shared schema (one source of truth with the API), plus what only the browser can check
// before sending: that the expiry, read in the user's own time zone, is still ahead.
const keyFormSchema = createApiKeySchema.superRefine((value, ctx) => {
  if (value.expires_at && value.expires_at.getTime() <= Date.now()) {
    ctx.addIssue({ code: 'custom', path: ['expires_at'], message: 'expiresAtPast' });
  }
});
type KeyFormInput = z.input<typeof keyFormSchema>;
type KeyFormOutput = z.output<typeof keyFormSchema>;

const FORM_FIELDS = [
  'key_name',
  'scopes',
  'allowed_ips',
  'rate_limit_per_hour',
  'rate_limit_per_minute',
  'expires_at',
] as const;

const defaultValues: KeyFormInput = {
  key_name: '',
  scopes: [...DEFAULT_SCOPES],
  allowed_ips: '',
  rate_limit_per_hour: DEFAULT_RATE_LIMIT_PER_HOUR,
  rate_limit_per_minute: DEFAULT_RATE_LIMIT_PER_MINUTE,
  expires_at: '',
};

/** The value of a datetime-local input for a moment, in the user's time zone. */
function toLocalInputValue(date: Date) {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

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
  const scopesLegendId = useId();
  const createKey = useCreateApiKey(organizationId);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<KeyFormInput, unknown, KeyFormOutput>({
    resolver: zodResolver(keyFormSchema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const keyName = watch('key_name');
  const scopes = watch('scopes');
  const canSubmit = Boolean(keyName?.trim()) && (scopes?.length ?? 0) > 0;
  const errorText = (field: FieldPath<KeyFormInput>) => {
    const message = errors[field as keyof typeof errors]?.message;
    return message ? localMessage(message) : undefined;
  };

  const onSubmit = handleSubmit((values) => {
    createKey.mutate(
      {
        key_name: values.key_name,
        scopes: values.scopes,
        allowed_ips: values.allowed_ips ?? [],
        rate_limit_per_hour: values.rate_limit_per_hour,
        rate_limit_per_minute: values.rate_limit_per_minute,
        expires_at: values.expires_at?.toISOString(),
      },
      {
        onSuccess: (created) => {
          toast.success(t('toasts.created'));
          onCreated(created);
        },
        onError: (error) => {
          showServerFieldErrors(error, setError, FORM_FIELDS);
          toast.error(failureText(t('toasts.createFailed'), error));
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <TextField
        label={t('form.keyName')}
        placeholder={t('form.keyNamePlaceholder')}
        autoComplete="off"
        maxLength={100}
        error={errorText('key_name')}
        {...register('key_name')}
      />

      <fieldset
        className="space-y-2"
        aria-describedby={errors.scopes ? `${scopesLegendId}-error` : undefined}
      >
        <legend id={scopesLegendId} className="mb-2 text-sm font-medium text-slate-800">
          {t('form.scopes')}
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {SCOPES.map((scope) => (
            <label
              key={scope}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="checkbox"
                value={scope}
                className="mt-1 size-4 shrink-0 accent-brand-700"
                {...register('scopes')}
              />
              <span className="min-w-0 space-y-0.5">
                <bdi dir="ltr" className="block font-mono text-sm font-semibold text-slate-900">
                  {scope}
                </bdi>
                <span className="block text-xs text-slate-600">
                  {t(`scopes.${scopeTextKey(scope)}`)}
                </span>
              </span>
            </label>
          ))}
        </div>
        {errors.scopes ? (
          <p id={`${scopesLegendId}-error`} role="alert" className="text-sm text-red-700">
            {localMessage(errors.scopes.message ?? 'scopesRequired')}
          </p>
        ) : null}
      </fieldset>

      <TextField
        label={t('form.allowedIps')}
        hint={t('form.allowedIpsHint')}
        placeholder="203.0.113.5, 198.51.100.0/24"
        dir="ltr"
        autoComplete="off"
        className="font-mono"
        error={errorText('allowed_ips')}
        {...register('allowed_ips')}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('form.ratePerHour')}
          type="number"
          inputMode="numeric"
          min={1}
          dir="ltr"
          error={errorText('rate_limit_per_hour')}
          {...register('rate_limit_per_hour')}
        />
        <TextField
          label={t('form.ratePerMinute')}
          type="number"
          inputMode="numeric"
          min={1}
          dir="ltr"
          error={errorText('rate_limit_per_minute')}
          {...register('rate_limit_per_minute')}
        />
      </div>

      <TextField
        label={t('form.expiresAt')}
        hint={t('form.expiresAtHint')}
        type="datetime-local"
        dir="ltr"
        min={toLocalInputValue(new Date())}
        error={errorText('expires_at')}
        {...register('expires_at')}
      />

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
