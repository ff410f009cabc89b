import { PROFILE_LANGUAGES, type Profile } from '@tanqin/shared';
import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../../components/ui/switch.tsx';
import { cn } from '../../../lib/cn.ts';
import { setLanguage } from '../../../lib/i18n.ts';
import { SaveRow } from './save-row.tsx';
import { SectionCard } from './section-card.tsx';
import { useSectionForm } from './use-section-form.ts';

const CHANNELS = ['email', 'sms', 'app'] as const;

/**
 * The person's language (the same preference as the header's switch) and the notification
 * channels. A language chosen here becomes the interface's once saved; saving the channels alone
 * never changes the interface.
 */
export function PreferencesSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const id = useId();
  const { form, onSubmit, isPending, isSaved, errorText } = useSectionForm(
    profile,
    ['language', 'notifications'],
    (values) => {
      if (values.language !== profile.language) void setLanguage(values.language);
    },
  );
  const { register, control, watch, resetField, formState } = form;
  const language = watch('language');
  // The header's switch saves the language too: the field follows it unless being changed here.
  const isLanguageEdited = Boolean(formState.dirtyFields.language);
  useEffect(() => {
    if (!isLanguageEdited) resetField('language', { defaultValue: profile.language });
  }, [profile.language, isLanguageEdited, resetField]);

  return (
    <SectionCard
      id="preferences"
      icon={SlidersHorizontal}
      title={t('preferences.title')}
      description={t('preferences.description')}
    >
      <form noValidate className="space-y-6" onSubmit={(event) => void onSubmit(event)}>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">
            {t('preferences.language')}
          </legend>
          <div className="grid max-w-sm grid-cols-2 gap-3">
            {PROFILE_LANGUAGES.map((value) => (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700',
                  language === value
                    ? 'border-brand-700 bg-brand-50 text-brand-800'
                    : 'border-slate-300 text-slate-700 hover:bg-slate-50',
                )}
              >
                <input
                  type="radio"
                  value={value}
                  className="size-4 accent-brand-700"
                  {...register('language')}
                />
                <span lang={value}>{t(`preferences.languages.${value}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">
            {t('preferences.notifications')}
          </legend>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {CHANNELS.map((channel) => (
              <li key={channel} className="flex items-center justify-between gap-4 px-4 py-3">
                <div className="min-w-0">
                  <p id={`${id}-${channel}`} className="text-sm font-medium text-slate-900">
                    {t(`preferences.channels.${channel}`)}
                  </p>
                  <p id={`${id}-${channel}-hint`} className="text-xs text-slate-600">
                    {t(`preferences.channelHints.${channel}`)}
                  </p>
                </div>
                <Controller
                  control={control}
                  name={`notifications.${channel}`}
                  render={({ field }) => (
                    <Switch
                      checked={Boolean(field.value)}
                      onCheckedChange={field.onChange}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      aria-labelledby={`${id}-${channel}`}
                      aria-describedby={`${id}-${channel}-hint`}
                    />
                  )}
                />
              </li>
            ))}
          </ul>
        </fieldset>
        <SaveRow isPending={isPending} isSaved={isSaved} error={errorText} />
      </form>
    </SectionCard>
  );
}
