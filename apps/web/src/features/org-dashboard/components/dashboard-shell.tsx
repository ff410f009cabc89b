import type { MemberRole, MembershipOrganization, User } from '@tanqin/shared';
import { Building2, LogOut, Menu, UserRound, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { Logo } from '../../../components/logo.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { hrefInMode, useConsoleMode } from '../../../lib/console-mode.ts';
import { useSignOut } from '../api/sign-out.ts';
import { DEFAULT_SECTION, type SectionId, sections, sectionsFor } from '../sections.tsx';
import { ConsoleModeSwitch, TestModeBand } from './console-mode-switch.tsx';
import { Skeleton } from './skeleton.tsx';

export const sectionHref = (id: SectionId) =>
  id === DEFAULT_SECTION ? '/org-dashboard' : `/org-dashboard?section=${id}`;

function MenuSkeleton() {
  return (
    <ul aria-hidden className="space-y-1">
      {[0, 1, 2, 3].map((row) => (
        <li key={row} className="flex items-center gap-3 px-3 py-2.5">
          <Skeleton className="size-5 rounded-md" />
          <Skeleton className="h-4 w-32" />
        </li>
      ))}
    </ul>
  );
}

/**
 * The items the signed-in role may open (none while the role is loading or when the account has
 * no organisation), and the sign-out action.
 */
function SideMenu({
  activeSection,
  isLoading,
  role,
  onNavigate,
}: {
  activeSection: SectionId;
  isLoading: boolean;
  role?: MemberRole;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('orgDashboard');
  const { signOut, isSigningOut } = useSignOut();
  const mode = useConsoleMode();
  return (
    <>
      <nav aria-label={t('nav.label')} aria-busy={isLoading} className="flex-1 p-3 lg:p-4">
        {isLoading ? <MenuSkeleton /> : null}
        <ul className="space-y-1">
          {(role ? sectionsFor(role) : []).map((id) => {
            const Icon = sections[id].icon;
            const isActive = id === activeSection;
            return (
              <li key={id}>
                <Link
                  to={hrefInMode(sectionHref(id), mode)}
                  aria-current={isActive ? 'page' : undefined}
                  onClick={onNavigate}
                  className={cn(
                    'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                    'focus-visible:outline-2 focus-visible:outline-brand-700',
                    isActive
                      ? 'bg-brand-50 text-brand-800 ring-1 ring-inset ring-brand-700/20'
                      : 'text-slate-700 hover:bg-slate-100',
                  )}
                >
                  <Icon aria-hidden className="size-5 shrink-0" />
                  {t(`sections.${id}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="border-t border-slate-200 p-3 lg:p-4">
        <Button
          variant="ghost"
          onClick={() => void signOut()}
          disabled={isSigningOut}
          className="w-full justify-start text-red-700 hover:bg-red-50"
        >
          <LogOut aria-hidden className="size-5 rtl:rotate-180" />
          {isSigningOut ? t('nav.signingOut') : t('nav.signOut')}
        </Button>
      </div>
    </>
  );
}

function PageHeader({
  isLoading,
  organization,
  user,
}: {
  isLoading: boolean;
  organization?: MembershipOrganization;
  user?: User;
}) {
  const { t } = useTranslation('orgDashboard');
  if (isLoading) {
    return (
      <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-4 lg:px-8 lg:py-5">
        <Skeleton className="size-11 rounded-xl" />
        <div className="space-y-2">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-24" />
        </div>
      </header>
    );
  }
  return (
    <header className="flex flex-wrap items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 py-4 lg:px-8 lg:py-5">
      <div className="flex min-w-0 items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white">
          <Building2 aria-hidden className="size-6" />
        </span>
        <div className="min-w-0">
          {/* One line, cut with an ellipsis (a long name took four lines of a phone): the whole
              name on hover and to screen readers, and in the settings' profile. */}
          <h1
            dir="auto"
            title={organization?.name}
            className="truncate text-left text-lg font-bold text-slate-900 sm:text-xl rtl:text-right"
          >
            {organization?.name ?? t('pageTitle')}
          </h1>
          {organization ? (
            <p className="text-sm text-slate-600">
              {t(`header.organizationTypes.${organization.type}`)}
            </p>
          ) : null}
        </div>
      </div>
      {user ? (
        <div className="flex min-w-0 flex-wrap items-center gap-x-5 gap-y-3">
          <ConsoleModeSwitch />
          <div className="flex min-w-0 items-center gap-3">
            <UserRound aria-hidden className="size-9 shrink-0 rounded-full bg-slate-100 p-2" />
            <div className="min-w-0 text-sm">
              <p className="sr-only">{t('header.signedInAs')}</p>
              <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                {`${user.first_name} ${user.last_name}`.trim()}
                {organization ? (
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                    {t(`header.roles.${organization.role}`)}
                  </span>
                ) : null}
              </p>
              <p className="ltr-island truncate text-slate-600">{user.email}</p>
            </div>
            <LanguageSwitch />
          </div>
        </div>
      ) : (
        <LanguageSwitch />
      )}
    </header>
  );
}

/**
 * The dashboard frame: the side menu on the start side (a top bar with a drop-down menu on
 * small screens), the organisation header, and the current section.
 */
export function DashboardShell({
  activeSection,
  isLoading,
  organization,
  user,
  children,
}: {
  activeSection: SectionId;
  isLoading: boolean;
  organization?: MembershipOrganization;
  user?: User;
  children: ReactNode;
}) {
  const { t } = useTranslation('orgDashboard');
  const panelId = useId();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const asideRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  // The small-screen menu closes on Escape (focus back on its button) or a click outside.
  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsMenuOpen(false);
      menuButtonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!asideRef.current?.contains(event.target as Node)) setIsMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isMenuOpen]);

  return (
    <div className="min-h-screen lg:flex">
      {/* On wide screens this column runs the page's full height while the menu inside sticks. */}
      <div className="contents lg:block lg:w-72 lg:shrink-0 lg:border-e lg:border-slate-200 lg:bg-white">
        <aside
          ref={asideRef}
          className="sticky top-0 z-30 border-b border-slate-200 bg-white lg:flex lg:h-screen lg:flex-col lg:border-b-0"
        >
          <div className="flex h-16 items-center justify-between gap-3 px-4 lg:h-20 lg:px-6">
            <Logo />
            <button
              ref={menuButtonRef}
              type="button"
              className={cn(buttonClasses('ghost', 'sm'), 'lg:hidden')}
              aria-expanded={isMenuOpen}
              aria-controls={panelId}
              onClick={() => setIsMenuOpen((value) => !value)}
            >
              {isMenuOpen ? (
                <X aria-hidden className="size-5" />
              ) : (
                <Menu aria-hidden className="size-5" />
              )}
              {isMenuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            </button>
          </div>
          <div
            id={panelId}
            className={cn(
              isMenuOpen ? 'flex' : 'hidden',
              'absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] flex-col overflow-y-auto border-b border-slate-200 bg-white shadow-lg',
              'lg:static lg:flex lg:max-h-none lg:flex-1 lg:border-b-0 lg:shadow-none',
            )}
          >
            <SideMenu
              activeSection={activeSection}
              isLoading={isLoading}
              role={organization?.role}
              onNavigate={() => setIsMenuOpen(false)}
            />
          </div>
        </aside>
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <TestModeBand />
        <PageHeader isLoading={isLoading} organization={organization} user={user} />
        <main className="flex-1 px-4 py-6 lg:px-8 lg:py-8">{children}</main>
      </div>
    </div>
  );
}
