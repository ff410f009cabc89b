import { useTranslation } from 'react-i18next';
import { Logo } from './logo.tsx';

/** Shown by routes whose screens come with a later issue. */
export function PlaceholderPage() {
  const { t } = useTranslation('common');
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <Logo />
      <h1 className="text-xl font-bold">{t('placeholder.title')}</h1>
      <p className="text-slate-600">{t('placeholder.body')}</p>
    </main>
  );
}
