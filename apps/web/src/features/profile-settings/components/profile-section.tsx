import type { Profile } from '@tanqin/shared';
import { Lock, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/field.tsx';
import { useFieldErrorText } from '../../../lib/field-error-text.ts';
import { SaveRow } from './save-row.tsx';
import { SectionCard } from './section-card.tsx';
import { useSectionForm } from './use-section-form.ts';

/** First and last name; the national id shown masked and read-only. */
export function ProfileSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const errorText = useFieldErrorText();
  const {
    form,
    onSubmit,
    isPending,
    isSaved,
    errorText: saveError,
  } = useSectionForm(profile, ['firstName', 'lastName'] as const);
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <SectionCard
      id="profile"
      icon={UserRound}
      title={t('profile.title')}
      description={t('profile.description')}
    >
      <form noValidate className="space-y-4" onSubmit={(event) => void onSubmit(event)}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('profile.firstName')}
            autoComplete="given-name"
            error={errorText(errors.firstName)}
            {...register('firstName')}
          />
          <TextField
            label={t('profile.lastName')}
            autoComplete="family-name"
            error={errorText(errors.lastName)}
            {...register('lastName')}
          />
        </div>
        <TextField
          label={
            <span className="inline-flex items-center gap-1.5">
              <Lock aria-hidden className="size-3.5 text-slate-500" />
              {t('profile.nationalId')}
            </span>
          }
          readOnly
          dir="ltr"
          value={profile.nationalIdMasked ?? ''}
          hint={t('profile.nationalIdNote')}
          className="cursor-not-allowed bg-slate-100 font-mono text-slate-700 rtl:text-right"
        />
        <SaveRow isPending={isPending} isSaved={isSaved} error={saveError} />
      </form>
    </SectionCard>
  );
}
