import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useDocumentTitle } from '../lib/document-title.ts';

/** The router's error element: status and status text, or the error's message. */
export function ErrorScreen() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  useDocumentTitle(t('errorScreen.title'));
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t('errorScreen.title')}</h1>
      <p className="text-slate-700">{t('errorScreen.subtitle')}</p>
      {/* The whole message, wrapped: a long one is never cut off at the screen's edge. */}
      <pre className="ltr-island w-full max-w-full whitespace-pre-wrap break-words rounded-lg bg-slate-100 p-4 text-start text-sm text-red-800">
        {detail}
      </pre>
      <div className="flex flex-wrap items-center justify-center gap-4">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {t('errorScreen.retry')}
        </button>
        <a href="/" className="font-semibold text-brand-700 underline">
          {t('errorScreen.home')}
        </a>
      </div>
    </main>
  );
}
