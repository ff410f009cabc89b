import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { Logo } from '../../../components/logo.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';

/** The frame of the personal sign-in screens: logo, a back-to-home button, one card. */
export function AuthShell({
  title,
  subtitle,
  wide = false,
  children,
  below,
}: {
  title: string;
  subtitle?: ReactNode;
  wide?: boolean;
  children: ReactNode;
  below?: ReactNode;
}) {
  const { t } = useTranslation('personalAuth');
  const { t: tc } = useTranslation('common');
  useDocumentTitle(title);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Logo />
          <div className="flex shrink-0 items-center gap-1 sm:gap-2">
            <LanguageSwitch />
            <Link to="/" className={buttonClasses('secondary', 'sm')}>
              <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
              <span className="max-sm:sr-only">{t('layout.homeLink')}</span>
            </Link>
          </div>
        </div>
      </header>
      <main className="flex flex-1 flex-col items-center px-4 py-8 sm:px-6 sm:py-12">
        <Card className={cn('w-full p-5 sm:p-8', wide ? 'max-w-2xl' : 'max-w-md')}>
          <div className="mb-6 space-y-1.5">
            <h1 className="text-xl font-bold text-slate-900">{title}</h1>
            {subtitle ? (
              <div className="text-sm leading-relaxed text-slate-600">{subtitle}</div>
            ) : null}
          </div>
          {children}
        </Card>
        {below}
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <p className="mx-auto max-w-6xl px-4 py-4 text-center text-sm text-slate-600 sm:px-6">
          {tc('rights')}
        </p>
      </footer>
    </div>
  );
}

export const linkClasses =
  'rounded font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700';
