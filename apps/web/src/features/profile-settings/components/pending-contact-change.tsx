import { zodResolver } from '@hookform/resolvers/zod';
import { type ContactChannel, confirmContactSchema, type Profile } from '@tanqin/shared';
import { LoaderCircle, MailCheck, Smartphone } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CodeInput } from '../../../components/ui/code-input.tsx';
import { useFieldErrorText } from '../../../lib/field-error-text.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { failureReason } from '../../../lib/problem-text.ts';
import { useConfirmContact } from '../api/profile.ts';

const codeSchema = confirmContactSchema.pick({ code: true });

/**
 * A new email or phone waiting for its code: where the code went, the 6-digit field and the
 * confirm button. The old address stays in use until then.
 */
export function PendingContactChange({
  channel,
  pending,
  onConfirmed,
}: {
  channel: ContactChannel;
  pending: NonNullable<Profile['pendingContact'][ContactChannel]>;
  onConfirmed: (profile: Profile) => void;
}) {
  const { t } = useTranslation('profile');
  const Icon = channel === 'email' ? MailCheck : Smartphone;
  const errorText = useFieldErrorText();
  const confirm = useConfirmContact();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const submit = handleSubmit(({ code }) => {
    confirm.reset();
    confirm.mutate(
      { channel, code },
      {
        onSuccess: (profile) => {
          reset();
          onConfirmed(profile);
        },
      },
    );
  });
  return (
    <section
      aria-labelledby={`pending-${channel}-title`}
      className="space-y-3 rounded-xl border border-sky-200 bg-sky-50/70 p-4"
    >
      <h3
        id={`pending-${channel}-title`}
        className="flex items-center gap-2 font-semibold text-sky-950"
      >
        <Icon aria-hidden className="size-4 shrink-0" />
        {t(`contact.pending.title.${channel}`)}
      </h3>
      <p className="text-sm text-slate-700">
        {t('contact.pending.sent')}{' '}
        <bdi dir="ltr" className="font-semibold break-all text-slate-900">
          {pending.address}
        </bdi>
        {'. '}
        {t(`contact.pending.until.${channel}`)}
      </p>
      <form
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={(event) => void submit(event)}
      >
        <div className="sm:w-56">
          <CodeInput
            label={t('contact.pending.code')}
            error={errorText(errors.code)}
            {...register('code')}
          />
        </div>
        <Button type="submit" disabled={confirm.isPending} className="sm:mt-7">
          {confirm.isPending ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
          {t('contact.pending.confirm')}
        </Button>
      </form>
      {confirm.isError ? <Alert tone="error">{failureReason(confirm.error)}</Alert> : null}
      <p className="text-xs text-slate-600">
        {t('contact.pending.expires', { time: formatDateTime(pending.expiresAt) })}
      </p>
    </section>
  );
}
