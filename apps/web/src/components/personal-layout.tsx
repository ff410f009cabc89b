import { useQueryClient } from '@tanstack/react-query';
import { FileText, LayoutDashboard, LogOut, Settings } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { apiRequest, sessionPath } from '../lib/api-client.ts';
import { cn } from '../lib/cn.ts';
import { useDocumentTitle } from '../lib/document-title.ts';
import { clearToken } from '../lib/session.ts';
import { PERSON_TIME_ZONE, timeZoneName, useDisplayTimeZone } from '../lib/time-zone.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';
import { Button } from './ui/button.tsx';

const LINKS = [
  { to: '/dashboard', key: 'dashboard', icon: LayoutDashboard },
  { to: '/documents', key: 'documents', icon: FileText },
  { to: '/profile-settings', key: 'profileSettings', icon: Settings },
] as const;

/** Ends the personal session on the server (a failure there keeps no one signed in) and locally. */
export function usePersonalSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSigningOut, setIsSigningOut] = useState(false);
  const signOut = async () => {
    setIsSigningOut(true);
    await queryClient.cancelQueries();
    try {
      await apiRequest(sessionPath('/api/v1/auth/logout', 'individual'), {
        method: 'POST',
        side: 'individual',
      });
    } catch {
      // Signing out locally is what matters; the refresh cookie expires on its own.
    }
    clearToken('individual');
    await navigate('/login', { replace: true });
    queryClient.clear();
  };
  return { signOut, isSigningOut };
}

/**
 * The signed-in person's frame: the logo, links to the dashboard, documents and profile
 * settings, and sign out. `title` is the page's one h1.
 */
export function PersonalLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t, i18n } = useTranslation('personalLayout');
  useDocumentTitle(title);
  // One zone for every time a person reads, on screen and in their messages, named below.
  useDisplayTimeZone(PERSON_TIME_ZONE);
  const { signOut, isSigningOut } = usePersonalSignOut();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <Logo />
          <LanguageSwitch className="ms-auto md:order-last md:ms-0" />
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void signOut()}
            disabled={isSigningOut}
            className="text-red-700 hover:bg-red-50 md:order-last"
          >
            <LogOut aria-hidden className="size-4 rtl:rotate-180" />
            {isSigningOut ? t('signingOut') : t('signOut')}
          </Button>
          <nav aria-label={t('navLabel')} className="w-full md:w-auto">
            <ul className="grid grid-cols-3 gap-1 md:flex md:gap-2">
              {LINKS.map(({ to, key, icon: Icon }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    className={({ isActive }) =>
                      cn(
                        'flex flex-col items-center gap-1 rounded-lg px-2 py-2 text-center text-xs font-medium transition-colors md:flex-row md:px-3 md:text-sm',
                        'focus-visible:outline-2 focus-visible:outline-brand-700',
                        isActive
                          ? 'bg-brand-50 text-brand-800 ring-1 ring-inset ring-brand-700/20'
                          : 'text-slate-700 hover:bg-slate-100',
                      )
                    }
                  >
                    <Icon aria-hidden className="size-5 shrink-0" />
                    {t(`links.${key}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
        {title ? <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1> : null}
        {children}
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <p className="mx-auto max-w-6xl px-4 py-4 text-center text-sm text-slate-600 sm:px-6">
          {t('timesIn', {
            zone: timeZoneName(PERSON_TIME_ZONE, i18n.language === 'en' ? 'en' : 'ar'),
          })}{' '}
          {t('rights')}
        </p>
      </footer>
    </div>
  );
}
