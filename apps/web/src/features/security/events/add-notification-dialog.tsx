import { zodResolver } from '@hookform/resolvers/zod';
import {
  createNotificationPreferenceSchema,
  EVENT_TYPES,
  type NotificationPreferenceCreated,
} from '@tanqin/shared';
import { Mail, Webhook } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { localMessage } from '../../../lib/language.ts';
import { failureText } from '../../../lib/problem-text.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useCreateNotificationPreference } from '../api/create-notification-preference.ts';

type FormInput = z.input<typeof createNotificationPreferenceSchema>;
type FormOutput = z.output<typeof createNotificationPreferenceSchema>;
const FORM_FIELDS = ['notification_type', 'event_types', 'destination'] as const;
const TYPES = [
  { value: 'email', icon: Mail },
  { value: 'webhook', icon: Webhook },
] as const;

function AddNotificationForm({
  organizationId,
  onCreated,
  onCancel,
}: {
  organizationId: string;
  onCreated: (created: NotificationPreferenceCreated) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('security');
  const typeLegendId = useId();
  const eventsLegendId = useId();
  const create = useCreateNotificationPreference(organizationId);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createNotificationPreferenceSchema),
    defaultValues: { notification_type: 'email', event_types: [], destination: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const type = watch('notification_type');
  const eventTypes = watch('event_types');
  const canSubmit = Boolean(watch('destination')?.trim()) && (eventTypes?.length ?? 0) > 0;
  const allChosen = (eventTypes?.length ?? 0) === EVENT_TYPES.length;

  const onSubmit = handleSubmit((values) => {
    create.mutate(
      {
        notification_type: values.notification_type,
        event_types: values.event_types,
        destination: values.destination,
      },
      {
        onSuccess: (created) => {
          const added = created.notification_preference;
          // A new email address is sent a link first: say so, nothing goes to it before.
          toast.success(
            added.confirmed_at === null
              ? t('notifications.confirmation.created', { destination: added.destination })
              : t('toasts.notificationCreated'),
          );
          onCreated(created);
        },
        onError: (error) => {
          showServerFieldErrors(error, setError, FORM_FIELDS);
          toast.error(failureText(t('toasts.notificationCreateFailed'), error));
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <fieldset>
        <legend id={typeLegendId} className="mb-2 text-sm font-medium text-slate-800">
          {t('notifications.form.type')}
        </legend>
        <div className="grid grid-cols-2 gap-2">
          {TYPES.map(({ value, icon: Icon }) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                value={value}
                className="size-4 accent-brand-700"
                {...register('notification_type')}
              />
              <Icon aria-hidden className="size-4 text-slate-500" />
              <span className="text-sm font-medium">{t(`notifications.types.${value}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <div className="mb-2 flex items-center justify-between gap-2">
          <legend id={eventsLegendId} className="text-sm font-medium text-slate-800">
            {t('notifications.form.eventTypes')}
          </legend>
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              setValue('event_types', allChosen ? [] : [...EVENT_TYPES], {
                shouldValidate: Boolean(errors.event_types),
              })
            }
          >
            {t(allChosen ? 'notifications.form.clearAll' : 'notifications.form.chooseAll')}
          </Button>
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          {EVENT_TYPES.map((eventType) => (
            <label
              key={eventType}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm hover:bg-slate-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="checkbox"
                value={eventType}
                className="size-4 shrink-0 accent-brand-700"
                {...register('event_types')}
              />
              {t(`events.types.${eventType}`)}
            </label>
          ))}
        </div>
        {errors.event_types ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {localMessage(errors.event_types.message ?? 'eventTypesRequired')}
          </p>
        ) : null}
      </fieldset>

      <TextField
        label={t(type === 'webhook' ? 'notifications.form.webhookUrl' : 'notifications.form.email')}
        hint={t(
          type === 'webhook' ? 'notifications.form.webhookHint' : 'notifications.form.emailHint',
        )}
        type={type === 'webhook' ? 'url' : 'email'}
        placeholder={
          type === 'webhook' ? 'https://example.sa/webhooks/tanqin' : 'security@example.sa'
        }
        dir="ltr"
        autoComplete="off"
        error={errors.destination?.message ? localMessage(errors.destination.message) : undefined}
        {...register('destination')}
      />

      <DialogActions>
        <Button type="submit" disabled={!canSubmit || create.isPending}>
          {create.isPending ? t('notifications.form.creating') : t('notifications.form.submit')}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={create.isPending}>
          {t('actions.cancel')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Add a notification: by email or signed webhook, for the chosen event types. */
export function AddNotificationDialog({
  organizationId,
  open,
  onOpenChange,
  onCreated,
}: {
  organizationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: NotificationPreferenceCreated) => void;
}) {
  const { t } = useTranslation('security');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('notifications.form.title')}
      description={t('notifications.form.description')}
      className="max-w-2xl"
    >
      <AddNotificationForm
        organizationId={organizationId}
        onCreated={onCreated}
        onCancel={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
