import { CONTACT_EMAIL } from '@tanqin/shared';
import { ArrowLeft, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';
import { buttonClasses } from './ui/button.tsx';

/**
 * The organisation platform's frame (spec section 2): the logo back to `/`, the platform's
 * title, a back-to-home button that a screen may hide, and a footer with the contact address
 * and the rights notice.
 */
export function AuthLayout({
  hideBackButton = false,
  children,
}: {
  hideBackButton?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('orgAuth');
  const { t: tc } = useTranslation('common');
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <Logo withTitle={false} />
            <div className="min-w-0 leading-tight">
              <h1 className="truncate text-lg font-bold text-brand-800">{t('pageTitle')}</h1>
              <p className="truncate text-xs text-slate-600">
                {tc('appName')} - {tc('appTitle')}
              </p>
            </div>
          </div>
          <div className="flex shrink-0 items-center gap-1 sm:gap-2">
            <LanguageSwitch />
            {hideBackButton ? null : (
              <Link to="/" className={buttonClasses('secondary', 'sm')}>
                <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
                <span className="max-sm:sr-only">{tc('backToHome')}</span>
              </Link>
            )}
          </div>
        </div>
      </header>

      <main className="flex flex-1 flex-col items-center px-4 py-8 sm:px-6 sm:py-12">
        {children}
      </main>

      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-5 text-center text-sm text-slate-600 sm:flex-row sm:px-6 sm:text-start">
          <p className="flex items-center gap-2">
            <Mail aria-hidden className="size-4 shrink-0 text-brand-700" />
            <a
              href={`mailto:${CONTACT_EMAIL}`}
              className="rounded hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              {tc('contactEmail', { email: CONTACT_EMAIL })}
            </a>
          </p>
          <p>{tc('rights')}</p>
        </div>
      </footer>
    </div>
  );
}
