import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/document-title.ts';

export function Component() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('notFound.title'));
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
      <p className="text-slate-600">{t('notFound.body')}</p>
      <Link to="/" className="font-semibold text-brand-700 underline">
        {t('backToHome')}
      </Link>
    </main>
  );
}
