import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTACT_EMAIL,
  type ContactMessage,
  type ContactMessageInput,
  contactMessageSchema,
  type Language,
  messageText,
} from '@tanqin/shared';
import { Bot, CheckCircle2, LoaderCircle, Mail, MapPin, Send } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { PublicPageLayout } from '../components/public-page-layout.tsx';
import { RelatedPages } from '../components/related-pages.tsx';
import { useSendContactMessage } from './api/send-contact-message.ts';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;

function ContactForm() {
  const { t, i18n } = useTranslation('contact');
  const language: Language = i18n.language === 'en' ? 'en' : 'ar';
  const errorText = (error?: { message?: string }) =>
    error?.message ? messageText(error.message, language) : undefined;
  const messageId = useId();
  const successRef = useRef<HTMLHeadingElement>(null);
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    getValues,
    formState: { errors },
  } = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: { name: '', email: '', subject: '', message: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  useEffect(() => {
    if (send.isSuccess) successRef.current?.focus();
  }, [send.isSuccess]);

  const submit = handleSubmit(
    (values) =>
      send.mutate(
        { ...values, locale: language },
        {
          onError: (error) => showServerFieldErrors(error, setError, FIELDS, { focusFirst: true }),
        },
      ),
    () => send.reset(),
  );

  if (send.isSuccess) {
    return (
      <div
        role="status"
        className="rounded-2xl border border-green-200 bg-green-50 p-6 text-center"
      >
        <CheckCircle2 aria-hidden className="mx-auto size-12 text-green-700" />
        <h3
          ref={successRef}
          tabIndex={-1}
          className="mt-3 text-xl font-bold text-green-900 focus:outline-none"
        >
          {t('success.title')}
        </h3>
        <p className="mt-2 text-green-900">
          {t('success.body', { email: getValues('email').trim() })}
        </p>
        <Button
          variant="secondary"
          className="mt-5"
          onClick={() => {
            reset();
            send.reset();
          }}
        >
          {t('success.another')}
        </Button>
      </div>
    );
  }

  const failure =
    send.error instanceof ApiError && send.error.status === 429
      ? messageText('contactTooMany', language)
      : send.error instanceof ApiError && send.error.status === 400
        ? undefined
        : send.isError
          ? t('form.failed')
          : undefined;

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('form.name')}
          autoComplete="name"
          error={errorText(errors.name)}
          {...register('name')}
        />
        <TextField
          type="email"
          dir="ltr"
          className="rtl:text-right"
          label={t('form.email')}
          autoComplete="email"
          error={errorText(errors.email)}
          {...register('email')}
        />
      </div>
      <TextField
        label={t('form.subject')}
        error={errorText(errors.subject)}
        {...register('subject')}
      />
      <div className="space-y-1.5">
        <label htmlFor={messageId} className="block text-sm font-medium text-slate-800">
          {t('form.message')}
        </label>
        <textarea
          id={messageId}
          rows={6}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${messageId}-error` : `${messageId}-hint`}
          className={cn(
            'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:outline-2',
            errors.message
              ? 'border-red-600 focus:outline-red-600'
              : 'border-slate-300 focus:outline-brand-600',
          )}
          {...register('message')}
        />
        {errors.message ? (
          <p id={`${messageId}-error`} role="alert" className="text-sm text-red-700">
            {errorText(errors.message)}
          </p>
        ) : (
          <p id={`${messageId}-hint`} className="text-xs text-slate-600">
            {t('form.messageHint')}
          </p>
        )}
      </div>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Button type="submit" size="lg" disabled={send.isPending} className="w-full sm:w-auto">
        {send.isPending ? (
          <LoaderCircle aria-hidden className="size-5 animate-spin" />
        ) : (
          <Send aria-hidden className="size-5 rtl:-scale-x-100" />
        )}
        {send.isPending ? t('form.submitting') : t('form.submit')}
      </Button>
      <p className="text-xs leading-relaxed text-slate-600">
        {t('privacyNote')}{' '}
        <Link
          to="/privacy"
          className="rounded font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {t('privacyLink')}
        </Link>
      </p>
    </form>
  );
}

/** /contact: a form whose messages are stored and mailed to the operator, and other ways in. */
export function ContactPage() {
  const { t } = useTranslation('contact');
  return (
    <PublicPageLayout title={t('title')} lead={<p>{t('lead')}</p>} width="wide">
      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <section
          aria-labelledby="contact-form-title"
          className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <h2 id="contact-form-title" className="mb-6 text-xl font-bold text-slate-900">
            {t('form.title')}
          </h2>
          <ContactForm />
        </section>
        <section aria-labelledby="contact-other" className="space-y-5">
          <h2 id="contact-other" className="text-xl font-bold text-slate-900">
            {t('other.title')}
          </h2>
          <dl className="space-y-4">
            <div>
              <dt className="flex items-center gap-2 text-sm font-semibold text-slate-800">
                <Mail aria-hidden className="size-5 shrink-0 text-brand-700" />
                {t('other.email')}
              </dt>
              <dd className="mt-1 ps-7">
                <a
                  href={`mailto:${CONTACT_EMAIL}`}
                  dir="ltr"
                  className="rounded text-brand-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-700"
                >
                  {CONTACT_EMAIL}
                </a>
              </dd>
            </div>
            <div>
              <dt className="flex items-center gap-2 text-sm font-semibold text-slate-800">
                <MapPin aria-hidden className="size-5 shrink-0 text-brand-700" />
                {t('other.location')}
              </dt>
              <dd className="mt-1 ps-7 text-slate-700">{t('other.locationValue')}</dd>
            </div>
          </dl>
          <div className="rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-700/15">
            <p className="flex items-center gap-2 font-semibold text-brand-900">
              <Bot aria-hidden className="size-5" />
              <Link
                to="/chat"
                className="rounded underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                {t('other.assistant')}
              </Link>
            </p>
            <p className="mt-2 text-sm">
              <Link
                to="/faq"
                className="rounded text-brand-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                {t('other.faq')}
              </Link>
            </p>
          </div>
        </section>
      </div>
      <RelatedPages current="contact" />
    </PublicPageLayout>
  );
}
