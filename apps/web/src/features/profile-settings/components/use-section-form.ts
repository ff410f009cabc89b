import { zodResolver } from '@hookform/resolvers/zod';
import { type Profile, type ProfileUpdateInput, profileUpdateSchema } from '@tanqin/shared';
import { useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { failureReason, failureText } from '../../../lib/problem-text.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useUpdateProfile } from '../api/profile.ts';

type Key = keyof ProfileUpdateInput;

/** The profile as PATCH takes it: every editable field, the unchanged ones as they are. */
export const editableProfile = (profile: Profile): ProfileUpdateInput => ({
  firstName: profile.firstName,
  lastName: profile.lastName,
  email: profile.email,
  phoneNumber: profile.phoneNumber ?? '',
  language: profile.language,
  notifications: { ...profile.notifications },
});

/**
 * One section's form over some of the profile's fields: validated by the shared schema's part on
 * submit, then on every change; saved with the rest of the profile unchanged; a 400 puts each
 * refused field's message under it.
 */
export function useSectionForm<K extends Key>(
  profile: Profile,
  keys: readonly K[],
  onSaved?: (values: Pick<ProfileUpdateInput, K>) => void,
) {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const [savedAt, setSavedAt] = useState<number>();
  const mask = Object.fromEntries(keys.map((key) => [key, true])) as Record<Key, true>;
  const schema = profileUpdateSchema.pick(mask);
  type Values = Pick<ProfileUpdateInput, K> & FieldValues;
  const current = editableProfile(profile);
  const form = useForm<Values>({
    resolver: zodResolver(schema) as never,
    defaultValues: Object.fromEntries(
      keys.map((key) => [key, current[key]]),
    ) as DefaultValues<Values>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = form.handleSubmit((values) => {
    setSavedAt(undefined);
    update.reset();
    update.mutate(
      { ...current, ...values },
      {
        onSuccess: (saved) => {
          setSavedAt(Date.now());
          // What the server kept: a new email or phone stays the old one until its code.
          const kept = editableProfile(saved);
          form.reset(
            Object.fromEntries(keys.map((key) => [key, kept[key]])) as DefaultValues<Values>,
          );
          onSaved?.(values);
        },
        // A new email another account has is answered like any other (no account oracle).
        onError: (error) =>
          showServerFieldErrors(error, form.setError, keys as readonly string[], {
            focusFirst: true,
          }),
      },
    );
  });

  const hasFieldErrors =
    update.error instanceof ApiError &&
    update.error.fieldErrors.some(({ path }) => (keys as readonly string[]).includes(path));
  // A refusal reads as its reason; a lost connection (offline) also says nothing was saved.
  const errorText =
    update.isError && !hasFieldErrors
      ? update.error instanceof ApiError
        ? failureReason(update.error, t('saveFailed'))
        : failureText(t('saveFailed'), update.error)
      : undefined;

  return {
    form,
    onSubmit,
    isPending: update.isPending,
    isSaved: savedAt !== undefined && !form.formState.isDirty,
    errorText,
  };
}
