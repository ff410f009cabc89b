import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The router's error element: status and status text, or the error's message. */
export function ErrorScreen() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="ltr-island text-2xl font-bold text-slate-900">{t('errorScreen.title')}</h1>
      <p className="text-slate-700">{t('errorScreen.subtitle')}</p>
      <pre className="ltr-island max-w-full overflow-auto rounded-lg bg-slate-100 p-4 text-sm text-red-800">
        {detail}
      </pre>
      <a href="/" className="font-semibold text-brand-700 underline">
        {t('errorScreen.home')}
      </a>
    </main>
  );
}
