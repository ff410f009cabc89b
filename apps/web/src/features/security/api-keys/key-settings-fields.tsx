import { createApiKeySchema, SCOPES } from '@tanqin/shared';
import { useId } from 'react';
import { type Control, Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DateField } from '../../../components/ui/date-field.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { localMessage } from '../../../lib/language.ts';
import { fromZonedInput, toZonedInput } from '../../../lib/time-zone.ts';
import { scopeTextKey } from './scope-keys.ts';

/**
 * The key's settings as the create and edit dialogs ask for them: the shared schema (one source
 * of truth with the API), plus what only the browser can check before sending: that a new
 * expiry, read on the organisation's clock, is still ahead. `keptExpiry` is the expiry the key
 * already has, which an edit may leave as it is even once it has passed.
 */
export const keySettingsSchema = (keptExpiry?: string | null) =>
  createApiKeySchema.superRefine((value, ctx) => {
    const expiry = value.expires_at && zonedExpiry(value.expires_at);
    if (!expiry || expiry.getTime() > Date.now()) return;
    if (keptExpiry && expiry.getTime() === new Date(keptExpiry).getTime()) return;
    ctx.addIssue({ code: 'custom', path: ['expires_at'], message: 'expiresAtPast' });
  });
export type KeySettingsInput = z.input<ReturnType<typeof keySettingsSchema>>;
export type KeySettingsOutput = z.output<ReturnType<typeof keySettingsSchema>>;

export const KEY_SETTINGS_FIELDS = [
  'key_name',
  'scopes',
  'allowed_ips',
  'rate_limit_per_hour',
  'rate_limit_per_minute',
  'expires_at',
] as const;

// Text in the expiry field that is no date: the schema refuses it (expiresAtInvalid) rather than
// the form sending the key without its expiry.
const NOT_A_DATE = 'not-a-date';

/** A moment as a date field with time holds it (datetime-local's format), on the organisation's clock. */
export const toLocalInputValue = (date: Date) => toZonedInput(date);

/**
 * The instant an expiry field means: the shared schema reads the typed date and time on the
 * device's clock, the console means the organisation's (lib/time-zone.ts); the same wall clock
 * there. Without a display zone (outside the console) it is the date itself.
 */
export function zonedExpiry(parsed: Date): Date {
  if (Number.isNaN(parsed.getTime())) return parsed;
  const device = new Date(parsed.getTime() - parsed.getTimezoneOffset() * 60_000);
  const instant = fromZonedInput(device.toISOString().slice(0, 16));
  return instant ? new Date(instant) : parsed;
}

/** Name, scopes, allowed IPs, the two limits and the expiry, with their errors. */
export function KeySettingsFields({
  register,
  control,
  errors,
}: {
  register: UseFormRegister<KeySettingsInput>;
  control: Control<KeySettingsInput, unknown, KeySettingsOutput>;
  errors: FieldErrors<KeySettingsInput>;
}) {
  const { t } = useTranslation('apiKeys');
  const scopesLegendId = useId();
  const errorText = (field: (typeof KEY_SETTINGS_FIELDS)[number]) => {
    const message = errors[field]?.message;
    return message ? localMessage(message) : undefined;
  };

  return (
    <>
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

      <Controller
        control={control}
        name="expires_at"
        render={({ field }) => (
          <DateField
            withTime
            label={t('form.expiresAt')}
            hint={t('form.expiresAtHint')}
            min={toLocalInputValue(new Date())}
            error={errorText('expires_at')}
            value={field.value ?? ''}
            onChange={field.onChange}
            onInvalid={() => field.onChange(NOT_A_DATE)}
          />
        )}
      />
    </>
  );
}
