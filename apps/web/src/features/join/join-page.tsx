import { Building2, CalendarClock, LinkIcon, LogIn, RotateCw } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { localeFormat } from '../../lib/language.ts';
import { failureText } from '../../lib/problem-text.ts';
import { useInvitationPreview } from './api/invitations.ts';
import { JoinForm } from './components/join-form.tsx';
import { forgetInvitationFragment, readInvitationToken } from './invitation-token.ts';

const expiryFormat = localeFormat(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      timeStyle: 'short',
      calendar: 'gregory',
      numberingSystem: 'latn',
    }),
);

function LoadingCard() {
  const { t } = useTranslation('join');
  return (
    <Card aria-busy className="w-full max-w-xl space-y-4 p-6 sm:p-8">
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <RotateCw aria-hidden className="size-4 animate-spin" />
        {t('loading')}
      </p>
      <div aria-hidden className="h-7 w-2/3 animate-pulse rounded bg-slate-100" />
      <div aria-hidden className="h-4 w-full animate-pulse rounded bg-slate-100" />
      <div aria-hidden className="h-40 animate-pulse rounded-xl bg-slate-100" />
    </Card>
  );
}

function InvalidLinkCard() {
  const { t } = useTranslation('join');
  return (
    <Card className="w-full max-w-xl space-y-5 p-6 text-center sm:p-8">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-800">
        <LinkIcon aria-hidden className="size-7" />
      </span>
      <h2 className="text-xl font-bold text-slate-900">{t('invalid.title')}</h2>
      <p className="leading-relaxed text-slate-700">{t('invalid.body')}</p>
      <div className="space-y-2 border-t border-slate-100 pt-5">
        <p className="text-sm text-slate-600">{t('invalid.haveAccount')}</p>
        <Link to="/org-auth?tab=login" className={buttonClasses('primary', 'md')}>
          <LogIn aria-hidden className="size-4 rtl:rotate-180" />
          {t('invalid.login')}
        </Link>
      </div>
    </Card>
  );
}

/**
 * /join#token=…: the page an emailed invitation opens. It reads the token from the fragment
 * and drops it from the address bar, shows who invites and as what, and creates the member's
 * account with their own password; then the member is signed in on the dashboard.
 */
export function JoinPage() {
  const { t } = useTranslation('join');
  const [token] = useState(() => readInvitationToken(window.location.hash));
  const preview = useInvitationPreview(token);

  useEffect(() => {
    forgetInvitationFragment();
  }, []);
  useDocumentTitle(t('documentTitle'));

  let content: ReactNode;
  const isInvalid =
    token === null ||
    (preview.isError &&
      preview.error instanceof ApiError &&
      (preview.error.code === 'invitation_invalid' || preview.error.status === 400));
  if (isInvalid) content = <InvalidLinkCard />;
  else if (preview.isPending) content = <LoadingCard />;
  else if (preview.isError) {
    content = (
      <Card className="w-full max-w-xl p-6 sm:p-8">
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>{failureText(t('errors.loadFailed'), preview.error)}</span>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void preview.refetch()}
            disabled={preview.isFetching}
          >
            <RotateCw aria-hidden className="size-4" />
            {t('errors.retry')}
          </Button>
        </Alert>
      </Card>
    );
  } else {
    const invitation = preview.data;
    content = (
      <Card className="w-full max-w-xl space-y-6 p-6 sm:p-8">
        <div className="space-y-3">
          <span className="flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white">
            <Building2 aria-hidden className="size-6" />
          </span>
          <h2 className="text-2xl font-bold text-slate-900">
            {t('title', { organization: invitation.organization_name })}
          </h2>
          <p className="leading-relaxed text-slate-600">{t('subtitle')}</p>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
            <p className="flex items-center gap-2 text-slate-600">
              {t('role')}:<Badge tone="brand">{t(`roles.${invitation.role}`)}</Badge>
            </p>
            <p className="flex items-center gap-1.5 text-slate-600">
              <CalendarClock aria-hidden className="size-4 shrink-0" />
              {t('expires', { date: expiryFormat().format(new Date(invitation.expires_at)) })}
            </p>
          </div>
        </div>
        <JoinForm token={token as string} preview={invitation} />
      </Card>
    );
  }

  return <AuthLayout>{content}</AuthLayout>;
}
