import { CONTACT_CHANNELS, type Profile } from '@tanqin/shared';
import { CheckCircle2, Phone } from 'lucide-react';
import { useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/field.tsx';
import { useFieldErrorText } from '../../../lib/field-error-text.ts';
import { LTR_INPUT } from '../../../lib/ltr-input.ts';
import { PendingContactChange } from './pending-contact-change.tsx';
import { SaveRow } from './save-row.tsx';
import { SectionCard } from './section-card.tsx';
import { useSectionForm } from './use-section-form.ts';

/**
 * Email and phone (05 then 8 digits, at most 10 characters), both read left to right. A new one
 * applies only once the code sent to it is entered: until then it shows as pending.
 */
export function ContactSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const fieldErrorText = useFieldErrorText();
  const [confirmed, setConfirmed] = useState<(typeof CONTACT_CHANNELS)[number]>();
  const {
    form,
    onSubmit,
    isPending,
    isSaved,
    errorText: saveError,
  } = useSectionForm(profile, ['email', 'phoneNumber'] as const, () => setConfirmed(undefined));
  const {
    register,
    reset,
    formState: { errors },
  } = form;
  const waiting = CONTACT_CHANNELS.filter((channel) => profile.pendingContact[channel]);
  const emailError = (error?: FieldError) => fieldErrorText(error);
  return (
    <SectionCard
      id="contact"
      icon={Phone}
      title={t('contact.title')}
      description={t('contact.description')}
    >
      <form noValidate className="space-y-4" onSubmit={(event) => void onSubmit(event)}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            type="email"
            {...LTR_INPUT}
            label={t('contact.email')}
            autoComplete="email"
            error={emailError(errors.email as FieldError | undefined)}
            {...register('email')}
          />
          <TextField
            type="tel"
            {...LTR_INPUT}
            label={t('contact.phoneNumber')}
            inputMode="numeric"
            maxLength={10}
            placeholder="05xxxxxxxx"
            autoComplete="tel-national"
            hint={t('contact.phoneHint')}
            error={fieldErrorText(errors.phoneNumber as FieldError | undefined)}
            {...register('phoneNumber')}
          />
        </div>
        <SaveRow
          isPending={isPending}
          isSaved={isSaved && waiting.length === 0}
          error={saveError}
        />
      </form>
      {waiting.length > 0 || confirmed ? (
        <div className="mt-5 space-y-4">
          {confirmed ? (
            <p
              role="status"
              className="flex items-center gap-1.5 text-sm font-medium text-green-700"
            >
              <CheckCircle2 aria-hidden className="size-4 shrink-0" />
              {t(`contact.pending.confirmed.${confirmed}`)}
            </p>
          ) : null}
          {waiting.map((channel) => (
            <PendingContactChange
              key={channel}
              channel={channel}
              pending={profile.pendingContact[channel]!}
              onConfirmed={(saved) => {
                setConfirmed(channel);
                reset({ email: saved.email, phoneNumber: saved.phoneNumber ?? '' });
              }}
            />
          ))}
        </div>
      ) : null}
    </SectionCard>
  );
}
