import type { Profile } from '@tanqin/shared';
import { Phone } from 'lucide-react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/field.tsx';
import { useFieldErrorText } from '../../../lib/field-error-text.ts';
import { LTR_INPUT } from '../../../lib/ltr-input.ts';
import { SaveRow } from './save-row.tsx';
import { SectionCard } from './section-card.tsx';
import { useSectionForm } from './use-section-form.ts';

/** Email and phone (05 then 8 digits, at most 10 characters), both read left to right. */
export function ContactSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const fieldErrorText = useFieldErrorText();
  const {
    form,
    onSubmit,
    isPending,
    isSaved,
    errorText: saveError,
  } = useSectionForm(profile, ['email', 'phoneNumber'] as const);
  const {
    register,
    formState: { errors },
  } = form;
  const emailError = (error?: FieldError) =>
    error?.type === 'email_taken' ? t('contact.emailTaken') : fieldErrorText(error);
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
        <SaveRow isPending={isPending} isSaved={isSaved} error={saveError} />
      </form>
    </SectionCard>
  );
}
