import { fieldLabel, type PublicVerificationRequest } from '@tanqin/shared';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { intlLocale } from '../../../lib/language.ts';
import { PublicPageLayout } from '../components/public-page-layout.tsx';

/**
 * /r/{id}: what a verification request asks (issue 33), for the person who scanned its QR: who
 * asks, which data, why, until when, and the apps that can answer it.
 */
export function VerificationRequestPage() {
  const { t } = useTranslation('verificationRequest');
  const { id = '' } = useParams();
  const request = useQuery({
    queryKey: ['verification-request', id],
    retry: false,
    queryFn: async ({ signal }) => {
      const response = await fetch(
        `/api/v1/verification-requests/${encodeURIComponent(id)}/public`,
        { signal },
      );
      // The problem's body is read too: a body left unread keeps the request open.
      if (response.status === 404 || response.status === 400)
        return response.text().then(() => null);
      if (!response.ok) throw new Error(`the request answered ${response.status}`);
      return (await response.json()) as PublicVerificationRequest;
    },
  });
  const language = currentLanguage();
  const data = request.data;
  return (
    <PublicPageLayout title={t('title')} lead={t('lead')}>
      {request.isPending ? <p>{t('loading')}</p> : null}
      {request.isError ? <Alert tone="error">{t('loadError')}</Alert> : null}
      {data === null ? <Alert tone="error">{t('notFound')}</Alert> : null}
      {data ? (
        <div className="space-y-6">
          {data.status !== 'pending' ? (
            <Alert tone="info">{t(`closed.${data.status}`)}</Alert>
          ) : null}
          <dl className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
            <div>
              <dt className="text-sm font-semibold text-slate-500">{t('who')}</dt>
              <dd className="text-lg font-bold text-slate-900">{data.audience.name}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-500">{t('fields')}</dt>
              <dd>
                <ul className="mt-1 flex flex-wrap gap-1.5">
                  {data.fields.map((name) => (
                    <li
                      key={name}
                      className="rounded-md bg-slate-100 px-2 py-0.5 text-sm font-medium text-slate-800"
                    >
                      {fieldLabel(name, language)}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-500">{t('why')}</dt>
              <dd className="text-slate-900">{data.purpose}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-500">{t('until')}</dt>
              <dd className="text-slate-900">
                {new Intl.DateTimeFormat(intlLocale(), {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                  numberingSystem: 'latn',
                }).format(new Date(data.expires_at))}
              </dd>
            </div>
          </dl>
          {data.status === 'pending' ? (
            <section className="space-y-3">
              <h2 className="text-lg font-bold text-slate-900">{t('answerWith')}</h2>
              <p className="text-sm text-slate-600">{t('matchHint')}</p>
              {data.answer_with.length > 0 ? (
                <ul className="space-y-2">
                  {data.answer_with.map((app) => (
                    <li key={app.url}>
                      <a
                        href={app.url}
                        rel="noopener noreferrer"
                        className="flex items-center justify-between gap-2 rounded-xl border border-brand-200 bg-white px-4 py-3 font-semibold text-brand-800 hover:bg-brand-50"
                      >
                        {app.name}
                        <ExternalLink aria-hidden className="size-4" />
                      </a>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-slate-700">{t('noApps')}</p>
              )}
            </section>
          ) : null}
        </div>
      ) : null}
    </PublicPageLayout>
  );
}
