import './documentation.css';
import type { MembershipOrganization } from '@tanqin/shared';
import { FileDown, LayoutDashboard, Printer } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { useMe } from '../../lib/api/me.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { GuideMenu } from './components/guide-menu.tsx';
import { ApiReferenceGuide } from './guides/api-reference-guide.tsx';
import { FullIntegrationGuide } from './guides/full-integration-guide.tsx';
import type { GuideContext } from './guides/guide-context.ts';
import { OverviewGuide } from './guides/overview-guide.tsx';
import { QuickStartGuide } from './guides/quick-start-guide.tsx';
import { GUIDES, type GuideId, guideFromSlug } from './guides.ts';

const WIDE_SCREEN = '(min-width: 1024px)';
const isWideScreen = () => window.matchMedia?.(WIDE_SCREEN).matches ?? true;

function GuideBody({ id, context }: { id: GuideId; context: GuideContext }) {
  switch (id) {
    case 'overview':
      return <OverviewGuide />;
    case 'quickStart':
      return <QuickStartGuide context={context} />;
    case 'fullIntegration':
      return <FullIntegrationGuide context={context} />;
    case 'apiReference':
      return <ApiReferenceGuide context={context} />;
  }
}

/** Moves focus to the guide's title when the reader picks another guide. */
function useFocusOnGuideChange(guideId: GuideId) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownGuide = useRef(guideId);
  useEffect(() => {
    if (shownGuide.current === guideId) return;
    shownGuide.current = guideId;
    headingRef.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, [guideId]);
  return headingRef;
}

function PageHeader() {
  const { t } = useTranslation('documentation');
  return (
    <header data-print-hide className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 lg:px-8">
        <div className="flex min-w-0 items-center gap-4">
          <Logo />
          <span aria-hidden className="hidden h-8 w-px bg-slate-200 sm:block" />
          <div className="min-w-0">
            <h1 className="text-xl font-bold text-slate-900">{t('pageTitle')}</h1>
            <p className="hidden text-sm text-slate-600 sm:block">{t('pageSubtitle')}</p>
          </div>
        </div>
        <Link to="/org-dashboard" className={buttonClasses('ghost', 'sm')}>
          <LayoutDashboard aria-hidden className="size-4" />
          {t('backToDashboard')}
        </Link>
      </div>
    </header>
  );
}

/**
 * The PDF is the browser's own print to PDF of the guide under the print stylesheet: real text
 * in the page's fonts, shaped as the screen shows it, and far smaller than the page images it
 * replaced. The page's title while the dialog is open is the file name the browser proposes.
 */
function printAsPdf(fileName: string) {
  const title = document.title;
  window.addEventListener(
    'afterprint',
    () => {
      document.title = title;
    },
    { once: true },
  );
  document.title = fileName;
  window.print();
}

function Toolbar({
  organization,
  pdfName,
}: {
  organization: MembershipOrganization;
  pdfName: string;
}) {
  const { t } = useTranslation('documentation');
  const pdfHintId = useId();
  return (
    <div
      data-print-hide
      className="flex flex-wrap items-end justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <dl className="min-w-0 space-y-1.5">
        <dt className="text-sm font-medium text-slate-600">{t('clientId')}</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <code
            dir="ltr"
            className="ltr-island rounded-lg bg-slate-100 px-3 py-1.5 font-mono text-sm text-slate-900 [overflow-wrap:anywhere]"
          >
            {organization.client_id}
          </code>
          <CopyButton value={organization.client_id} label={t('copyClientId')} />
        </dd>
      </dl>
      <div className="space-y-1.5">
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => window.print()}>
            <Printer aria-hidden className="size-4" />
            {t('actions.print')}
          </Button>
          <Button onClick={() => printAsPdf(pdfName)} aria-describedby={pdfHintId}>
            <FileDown aria-hidden className="size-4" />
            {t('actions.savePdf')}
          </Button>
        </div>
        <p id={pdfHintId} className="max-w-xs text-xs text-slate-500">
          {t('actions.savePdfHint')}
        </p>
      </div>
    </div>
  );
}

function LoadingState() {
  const { t } = useTranslation('documentation');
  return (
    <div aria-busy className="space-y-4">
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      <div aria-hidden className="h-20 animate-pulse rounded-2xl bg-slate-200" />
      <div aria-hidden className="h-96 animate-pulse rounded-2xl bg-slate-200" />
    </div>
  );
}

/** A 401 or a missing membership means the reader is not an organisation's member here. */
const isNotAMember = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

/** /documentation: the four guides, filled with the signed-in organisation's client id. */
export function DocumentationPage() {
  const { t } = useTranslation('documentation');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const guideId = guideFromSlug(searchParams.get('guide'));
  const headingRef = useFocusOnGuideChange(guideId);
  const [isMenuOpen, setIsMenuOpen] = useState(isWideScreen);
  const me = useMe();
  const organization = me.data?.organization ?? undefined;
  const mustSignIn = (me.isSuccess && !organization) || (me.isError && isNotAMember(me.error));

  useEffect(() => {
    if (mustSignIn) void navigate('/org-auth', { replace: true });
  }, [mustSignIn, navigate]);

  const guideTitle = t(`guides.${guideId}`);
  useDocumentTitle(guideTitle, t('pageTitle'));

  let content: ReactNode;
  if (me.isPending || mustSignIn) {
    content = <LoadingState />;
  } else if (me.isError || !organization) {
    content = (
      <Alert tone="error">
        <p className="font-bold">{t('errors.title')}</p>
        <p className="mt-1">{t('errors.fetchFailed')}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link to="/org-dashboard" className={buttonClasses('secondary', 'sm')}>
            {t('errors.backToDashboard')}
          </Link>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void me.refetch()}
            disabled={me.isFetching}
          >
            {t('common:retry')}
          </Button>
        </div>
      </Alert>
    );
  } else {
    const context: GuideContext = {
      baseUrl: window.location.origin,
      clientId: organization.client_id,
      organizationName: organization.name,
    };
    const { minutes, level } = GUIDES[guideId];
    content = (
      <>
        <Toolbar organization={organization} pdfName={`tanqin-${GUIDES[guideId].slug}`} />
        <article
          aria-labelledby="guide-title"
          className="doc-guide space-y-8 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8"
        >
          <header className="space-y-3 border-b border-slate-200 pb-6">
            <p data-print-only className="hidden text-sm">
              {`${t('common:appName')} · ${t('pageTitle')} · ${organization.name}`}
            </p>
            <h2
              id="guide-title"
              ref={headingRef}
              tabIndex={-1}
              className="text-2xl font-bold text-slate-900 focus:outline-none sm:text-3xl"
            >
              {guideTitle}
            </h2>
            <p className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
              <span>
                {t('menu.duration')}: {t('minutes', { count: minutes })}
              </span>
              <span aria-hidden>·</span>
              <span>
                {t('menu.level')}: {t(`levels.${level}`)}
              </span>
            </p>
          </header>
          <GuideBody id={guideId} context={context} />
        </article>
      </>
    );
  }

  return (
    <div className="doc-page min-h-screen">
      <PageHeader />
      <div className="doc-layout mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 lg:flex-row lg:px-8">
        <GuideMenu
          activeGuide={guideId}
          isOpen={isMenuOpen}
          onToggle={() => setIsMenuOpen((value) => !value)}
          onNavigate={() => {
            if (!isWideScreen()) setIsMenuOpen(false);
          }}
        />
        <main className="doc-main min-w-0 flex-1 space-y-4">{content}</main>
      </div>
    </div>
  );
}
