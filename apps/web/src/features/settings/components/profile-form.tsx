import { zodResolver } from '@hookform/resolvers/zod';
import {
  type OrganizationDetails,
  type OrganizationProfile,
  type OrganizationProfileInput,
  organizationProfileSchema,
} from '@tanqin/shared';
import { CircleCheck, LoaderCircle, Save } from 'lucide-react';
import { useMemo } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { useFieldErrorText } from '../../../lib/field-error-text.ts';
import { LTR_INPUT } from '../../../lib/ltr-input.ts';
import { failureText } from '../../../lib/problem-text.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useUpdateOrganization } from '../api/organization.ts';
import { timeZoneOptions } from '../time-zones.ts';

const FIELDS = [
  'name',
  'contact_person',
  'phone',
  'time_zone',
  'app_link',
] as const satisfies readonly Path<OrganizationProfileInput>[];

const valuesOf = (organization: OrganizationDetails) => ({
  name: organization.name,
  contact_person: organization.contact_person,
  phone: organization.phone ?? '',
  time_zone: organization.time_zone,
  app_link: organization.app_link ?? '',
});

/**
 * Name, contact person, phone and time zone, checked with the schema the API uses; type and
 * email are shown read-only. Saving goes idle -> saving -> saved (until the next edit) or error.
 */
export function ProfileForm({ organization }: { organization: OrganizationDetails }) {
  const { t, i18n } = useTranslation('settings');
  const errorText = useFieldErrorText();
  const update = useUpdateOrganization(organization.id);
  const zones = useMemo(
    () => timeZoneOptions(i18n.language, organization.time_zone),
    [i18n.language, organization.time_zone],
  );
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<OrganizationProfileInput, unknown, OrganizationProfile>({
    resolver: zodResolver(organizationProfileSchema),
    defaultValues: valuesOf(organization),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const submit = handleSubmit((values) =>
    update.mutate(values, {
      // The saved values become the form's new starting point, so "saved" lasts until an edit.
      onSuccess: (saved) => reset(valuesOf(saved)),
      onError: (error) => showServerFieldErrors(error, setError, FIELDS, { focusFirst: true }),
    }),
  );
  const isSaved = update.isSuccess && !isDirty;

  return (
    <form
      noValidate
      aria-labelledby="profile-title"
      className="space-y-6"
      onSubmit={(event) => {
        if (update.isPending) {
          event.preventDefault();
          return;
        }
        update.reset();
        void submit(event);
      }}
    >
      <div className="space-y-1">
        <h3 id="profile-title" className="text-lg font-bold text-slate-900">
          {t('profile.title')}
        </h3>
        <p className="max-w-3xl text-sm leading-relaxed text-slate-600">
          {t('profile.description')}
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label={t('profile.name')}
          autoComplete="organization"
          error={errorText(errors.name)}
          {...register('name')}
        />
        <TextField
          label={t('profile.contactPerson')}
          autoComplete="name"
          error={errorText(errors.contact_person)}
          {...register('contact_person')}
        />
        <TextField
          type="tel"
          {...LTR_INPUT}
          label={
            <>
              {t('profile.phone')}{' '}
              <span className="font-normal text-slate-500">{t('profile.optional')}</span>
            </>
          }
          placeholder={t('profile.phonePlaceholder')}
          autoComplete="work tel"
          error={errorText(errors.phone)}
          {...register('phone')}
        />
        <SelectField
          label={t('profile.timeZone')}
          error={errorText(errors.time_zone)}
          {...register('time_zone')}
        >
          {zones.map((zone) => (
            <option key={zone.value} value={zone.value}>
              {zone.label}
            </option>
          ))}
        </SelectField>
        <TextField
          type="url"
          {...LTR_INPUT}
          label={
            <>
              {t('profile.appLink')}{' '}
              <span className="font-normal text-slate-500">{t('profile.optional')}</span>
            </>
          }
          hint={t('profile.appLinkHint')}
          placeholder="https://app.example.sa/answer?request={request_id}"
          error={errorText(errors.app_link)}
          {...register('app_link')}
        />
        <TextField
          label={t('profile.type')}
          value={t(`profile.types.${organization.type}`)}
          hint={t('profile.readOnlyHint')}
          readOnly
          className="bg-slate-50 text-slate-700"
        />
        <TextField
          type="email"
          {...LTR_INPUT}
          label={t('profile.email')}
          value={organization.email}
          hint={t('profile.readOnlyHint')}
          readOnly
          className="bg-slate-50 text-slate-700 rtl:text-right"
        />
      </div>
      {update.isError ? (
        <Alert tone="error">{failureText(t('profile.failed'), update.error)}</Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : (
            <Save aria-hidden className="size-4" />
          )}
          {update.isPending ? t('profile.saving') : t('profile.save')}
        </Button>
        <p role="status" className="flex items-center gap-1.5 text-sm font-medium text-green-700">
          {isSaved ? (
            <>
              <CircleCheck aria-hidden className="size-4" />
              {t('profile.saved')}
            </>
          ) : null}
        </p>
      </div>
    </form>
  );
}
