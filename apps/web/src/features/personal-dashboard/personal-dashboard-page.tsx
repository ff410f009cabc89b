import type { PersonalCode } from '@tanqin/shared';
import { RotateCw } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonalLayout } from '../../components/personal-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useHydrating } from '../../lib/hydrating.ts';
import { useIdentityStatus } from '../identity/api.ts';
import { IdentityLockCard } from '../identity/identity-lock-card.tsx';
import { ProveIdentityPanel } from '../identity/prove-identity-panel.tsx';
import {
  type HistoryFilters,
  NO_FILTERS,
  useExportMyCodes,
  useMyCodes,
  useRevokeMyCode,
} from './api/my-codes.ts';
import { CodeCard } from './components/code-card.tsx';
import { CodesEmptyState } from './components/codes-empty-state.tsx';
import { HistoryFiltersBar, hasFilters } from './components/history-filters.tsx';
import { NewNotices } from './components/new-notices.tsx';
import { ReportMisuseDialog } from './components/report-misuse-dialog.tsx';
import { formatCount } from './format.ts';

/** What the page reads of a query while it hydrates its pre-rendered frame: nothing yet. */
const LOADING = {
  data: undefined,
  isPending: true,
  isFetching: false,
  isError: false,
  error: null,
};

const REVOKE_ERRORS = new Set(['token_used', 'token_expired', 'token_revoked', 'token_not_found']);

function CodesSkeleton() {
  const { t } = useTranslation('personalDashboard');
  return (
    <div aria-busy className="space-y-4">
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      {[0, 1, 2].map((row) => (
        <div key={row} aria-hidden className="h-44 animate-pulse rounded-2xl bg-slate-200/60" />
      ))}
    </div>
  );
}

/** /dashboard: the codes issued for the signed-in person and what happened to each. */
export function PersonalDashboardPage() {
  const { t } = useTranslation('personalDashboard');
  // The pre-rendered frame (no data) is hydrated as it is; what the early queries already
  // brought shows right after.
  const hydrating = useHydrating();
  const identityQuery = useIdentityStatus();
  const identity = hydrating ? { ...identityQuery, ...LOADING } : identityQuery;
  const [filters, setFilters] = useState<HistoryFilters>(NO_FILTERS);
  const codesQuery = useMyCodes(filters, { enabled: identityQuery.data?.proven === true });
  const codes = hydrating ? { ...codesQuery, ...LOADING } : codesQuery;
  const revoke = useRevokeMyCode();
  const exporting = useExportMyCodes();
  const changeFilters = useCallback((next: HistoryFilters) => setFilters(next), []);
  const exportHistory = () =>
    exporting.mutate(filters, { onError: () => toast.error(t('export.failed')) });
  const [revoking, setRevoking] = useState<PersonalCode | null>(null);
  const [reporting, setReporting] = useState<PersonalCode | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast.success(t('revoke.done'));
        setRevoking(null);
      },
      onError: (error) => {
        const code = error instanceof ApiError ? error.code : '';
        // Said inside the dialog, which stays open until the person has read it (issue 27.2).
        toast.error(t(`revoke.errors.${REVOKE_ERRORS.has(code) ? code : 'fallback'}`));
      },
    });
  };

  const list = codes.data?.pages.flatMap((page) => page.codes);
  const unproven =
    identity.data?.proven === false ||
    (codes.error instanceof ApiError && codes.error.code === 'identity_unverified');
  const active = list?.filter((code) => code.status === 'active').length ?? 0;

  return (
    <PersonalLayout title={t('title')}>
      <div className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="max-w-2xl text-sm leading-relaxed text-slate-600">{t('intro')}</p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void (identity.data?.proven ? codes.refetch() : identity.refetch())}
            disabled={codes.isFetching || identity.isFetching || identity.data?.proven === false}
          >
            <RotateCw aria-hidden className={codes.isFetching ? 'size-4 animate-spin' : 'size-4'} />
            {codes.isFetching && list ? t('refreshing') : t('refresh')}
          </Button>
        </div>

        {identity.data?.proven ? <NewNotices /> : null}
        {identity.data?.proven ? (
          <IdentityLockCard status={identity.data} />
        ) : identity.isPending ? (
          <IdentityLockCard status={undefined} />
        ) : null}
        {unproven ? (
          <ProveIdentityPanel />
        ) : (identity.isError || codes.isError) && !list ? (
          <Alert tone="error">{t('loadError')}</Alert>
        ) : !list ? (
          <CodesSkeleton />
        ) : list.length === 0 && !hasFilters(filters) ? (
          <CodesEmptyState />
        ) : (
          <>
            <HistoryFiltersBar
              filters={filters}
              onChange={changeFilters}
              onExport={exportHistory}
              exporting={exporting.isPending}
            />
            <section aria-label={t('listLabel')} aria-busy={codes.isFetching} className="space-y-4">
              {codes.isError ? <Alert tone="error">{t('loadError')}</Alert> : null}
              {list.length === 0 ? (
                <p role="status" className="rounded-2xl bg-slate-50 p-6 text-center text-slate-600">
                  {t('filters.none')}
                </p>
              ) : (
                <p role="status" className="text-sm font-medium text-slate-700">
                  {t('summary', { total: formatCount(list.length), active: formatCount(active) })}
                </p>
              )}
              {list.map((code) => (
                <CodeCard
                  key={code.id}
                  code={code}
                  onRevoke={() => setRevoking(code)}
                  onReportMisuse={() => setReporting(code)}
                />
              ))}
              {codes.hasNextPage ? (
                <div className="flex justify-center">
                  <Button
                    variant="secondary"
                    onClick={() => void codes.fetchNextPage()}
                    disabled={codes.isFetchingNextPage}
                  >
                    {codes.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
                  </Button>
                </div>
              ) : list.length > 0 ? (
                <p className="text-center text-sm text-slate-500">{t('end')}</p>
              ) : null}
            </section>
          </>
        )}
      </div>
      {revoking ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setRevoking(null);
          }}
          title={t('revoke.title')}
          description={t('revoke.description', { audience: revoking.audience.name })}
          confirmLabel={t('revoke.confirm')}
          pendingLabel={t('revoke.pending')}
          cancelLabel={t('revoke.cancel')}
          isPending={revoke.isPending}
          onConfirm={confirmRevoke}
        />
      ) : null}
      {reporting ? (
        <ReportMisuseDialog code={reporting} onClose={() => setReporting(null)} />
      ) : null}
    </PersonalLayout>
  );
}
