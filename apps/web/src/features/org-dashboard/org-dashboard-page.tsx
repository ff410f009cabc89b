import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMe } from '../../lib/api/me.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useDisplayTimeZone } from '../../lib/time-zone.ts';
import { DashboardShell } from './components/dashboard-shell.tsx';
import { LoadErrorPanel } from './components/load-error-panel.tsx';
import { Skeleton } from './components/skeleton.tsx';
import { describeLoadError } from './load-error.ts';
import { resolveSection, type SectionId, sections } from './sections.tsx';

function SectionSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div aria-busy className="space-y-6">
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      <Skeleton className="h-6 w-64" />
      <div className="grid gap-4 sm:grid-cols-3">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
      <Skeleton className="h-40" />
      <Skeleton className="h-56" />
    </div>
  );
}

/** Moves focus to the section's heading when the user picks another section. */
function useFocusOnSectionChange(sectionId: SectionId) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownSection = useRef(sectionId);
  useEffect(() => {
    if (shownSection.current === sectionId) return;
    shownSection.current = sectionId;
    headingRef.current?.focus();
  }, [sectionId]);
  return headingRef;
}

/**
 * /org-dashboard: the section named by `?section=` (the dashboard item by default, and for a
 * section the signed-in role may not open).
 */
export function OrgDashboardPage() {
  const { t } = useTranslation('orgDashboard');
  const [searchParams] = useSearchParams();
  const me = useMe();
  const organization = me.data?.organization ?? undefined;
  // Every date and time of the console in the organisation's zone (its settings).
  useDisplayTimeZone(organization?.time_zone);
  // A section the role may not open (an old link, a changed role) shows the dashboard instead.
  const sectionId = resolveSection(searchParams.get('section'), organization?.role);
  const headingRef = useFocusOnSectionChange(sectionId);
  useDocumentTitle(t(`sections.${sectionId}`), t('pageTitle'));
  const { Component } = sections[sectionId];

  let content: ReactNode;
  if (me.isPending) content = <SectionSkeleton />;
  else if (me.isError || !organization) {
    content = (
      <LoadErrorPanel
        errorKey={me.isError ? describeLoadError(me.error) : 'membershipNotFound'}
        onRetry={() => void me.refetch()}
        isRetrying={me.isFetching}
      />
    );
  } else {
    content = (
      <Suspense fallback={<SectionSkeleton />}>
        <Component organization={organization} user={me.data.user} />
      </Suspense>
    );
  }

  return (
    <DashboardShell
      activeSection={sectionId}
      isLoading={me.isPending}
      organization={organization}
      user={me.data?.user}
    >
      <h2 ref={headingRef} tabIndex={-1} className="mb-6 text-2xl font-bold focus:outline-none">
        {t(`sections.${sectionId}`)}
      </h2>
      {content}
    </DashboardShell>
  );
}
