import { LayoutDashboard, LogIn, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../lib/cn.ts';
import { hasOrgToken } from '../lib/session.ts';
import { useBrowserValue } from '../lib/use-browser-value.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';
import { buttonClasses } from './ui/button.tsx';

const SECTION_LINKS = [
  { href: '#scenarios', key: 'scenarios' },
  { href: '#journey', key: 'journey' },
  { href: '#api', key: 'api' },
  { href: '#roadmap', key: 'roadmap' },
] as const;

/** Sticky bar: logo, in-page navigation (wide screens), the person's and the organisation's ways in. */
export function SiteHeader() {
  const { t } = useTranslation('landing');
  // An organisation that is already signed in goes straight to its dashboard.
  // The pre-rendered HTML (apps/web/src/prerender) shows the signed-out header; a signed-in
  // organisation's browser switches to the dashboard link as the header hydrates.
  const isSignedIn = useBrowserValue(hasOrgToken, false);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        <Logo subtitleFromSm />
        <nav aria-label={t('header.navLabel')} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {SECTION_LINKS.map((link) => (
              <li key={link.key}>
                <a
                  href={link.href}
                  className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700"
                >
                  {t(`header.nav.${link.key}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {/* On a phone (down to 360 px) the four fit only with the icons dropped and paddings
            narrowed; `max-sm:` because cn does not merge, so a plain `px-2` loses to the size's. */}
        <div className="flex shrink-0 items-center gap-0.5 sm:gap-2">
          <LanguageSwitch className="max-sm:px-2" />
          {/* The person's own way in (/login offers registration too). */}
          <Link
            to="/login"
            aria-label={t('header.individualsLabel')}
            className={cn(buttonClasses('ghost', 'md'), 'max-sm:px-2')}
          >
            <UserRound aria-hidden className="hidden size-4 sm:block" />
            <span className="sm:hidden">{t('header.individualsShort')}</span>
            <span className="hidden sm:inline">{t('header.individuals')}</span>
          </Link>
          <Link
            to={isSignedIn ? '/org-dashboard' : '/org-auth?tab=login'}
            className={cn(buttonClasses('primary', 'md'), 'max-sm:px-3')}
          >
            {isSignedIn ? (
              <LayoutDashboard aria-hidden className="size-4 max-sm:hidden" />
            ) : (
              <LogIn aria-hidden className="size-4 max-sm:hidden rtl:rotate-180" />
            )}
            {isSignedIn ? t('header.dashboard') : t('header.login')}
          </Link>
        </div>
      </div>
    </header>
  );
}
