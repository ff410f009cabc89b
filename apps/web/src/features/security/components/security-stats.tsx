import {
  Ban,
  Gauge,
  Globe,
  KeyRound,
  type LucideIcon,
  Network,
  ShieldAlert,
  ShieldCheck,
  TriangleAlert,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { useConsoleMode } from '../../../lib/console-mode.ts';
import { type SecurityStats, useSecurityStats } from '../api/get-security-stats.ts';
import { formatCount, formatPercent } from '../format.ts';
import { LoadFailed } from './load-failed.tsx';
import { Skeleton } from './skeleton.tsx';
import { useErrorToast } from './use-error-toast.ts';

type ScoreLevel = 'excellent' | 'good' | 'needsAttention';

/** The API's label (its score rule lives there, beside the alert it must agree with). */
const SCORE_LEVELS: Record<SecurityStats['security_label'], ScoreLevel> = {
  Excellent: 'excellent',
  Good: 'good',
  'Needs Attention': 'needsAttention',
};

const SCORE_TONES: Record<ScoreLevel, { badge: BadgeTone; text: string }> = {
  excellent: { badge: 'green', text: 'text-green-700' },
  good: { badge: 'amber', text: 'text-amber-700' },
  needsAttention: { badge: 'red', text: 'text-red-700' },
};

function StatCard({
  icon: Icon,
  label,
  value,
  detail,
  tone = 'brand',
  isWide = false,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  tone?: 'brand' | 'red' | 'amber';
  /** Spans both columns of the phone layout, its icon beside the figures. */
  isWide?: boolean;
}) {
  const iconTones = {
    brand: 'bg-brand-50 text-brand-700',
    red: 'bg-red-50 text-red-700',
    amber: 'bg-amber-50 text-amber-700',
  };
  return (
    // dt and dd sit right in the card (a dl allows one div around each pair); the icon lives in
    // the dt, placed at the card's start (above the text on narrow cards).
    <Card
      className={cn(
        'relative flex min-w-0 flex-col-reverse justify-center gap-1 p-4 sm:min-h-24 sm:p-5 sm:ps-20',
        isWide ? 'col-span-2 ps-17 sm:col-span-1' : 'pt-16 sm:pt-5',
      )}
    >
      <dt className="text-sm text-slate-600">
        <span
          className={cn(
            'absolute start-4 flex size-10 items-center justify-center rounded-xl sm:start-5 sm:top-1/2 sm:size-11 sm:-translate-y-1/2',
            isWide ? 'top-1/2 -translate-y-1/2' : 'top-4',
            iconTones[tone],
          )}
        >
          <Icon aria-hidden className="size-6" />
        </span>
        {label}
      </dt>
      <dd className="space-y-1">
        <span className="block text-2xl font-bold text-slate-900">{value}</span>
        {detail ? <span className="block text-xs text-slate-600">{detail}</span> : null}
      </dd>
    </Card>
  );
}

function ScoreCard({ stats }: { stats: SecurityStats }) {
  const { t } = useTranslation('security');
  const score = stats.security_score;
  const level = SCORE_LEVELS[stats.security_label];
  return (
    <StatCard
      isWide
      icon={ShieldCheck}
      label={t('stats.score')}
      tone={level === 'excellent' ? 'brand' : level === 'good' ? 'amber' : 'red'}
      value={
        <span className={cn('flex flex-wrap items-baseline gap-2', SCORE_TONES[level].text)}>
          <span data-testid="security-score">{t('stats.scoreValue', { score })}</span>
          <Badge tone={SCORE_TONES[level].badge}>{t(`stats.scoreLevels.${level}`)}</Badge>
        </span>
      }
    />
  );
}

function SecurityAlertBox({
  stats,
  onShowEvents,
}: {
  stats: SecurityStats;
  onShowEvents: () => void;
}) {
  const { t } = useTranslation('security');
  return (
    <div
      role="alert"
      className="flex flex-wrap items-start justify-between gap-4 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900"
    >
      <div className="flex min-w-0 items-start gap-3">
        <TriangleAlert aria-hidden className="mt-0.5 size-6 shrink-0 text-red-700" />
        <div className="space-y-1">
          <p className="font-bold">{t('alert.title')}</p>
          <ul className="list-inside list-disc space-y-0.5 text-sm">
            {stats.critical_events_count > 0 ? (
              <li>
                {t('alert.criticalEvents', { formatted: formatCount(stats.critical_events_count) })}
              </li>
            ) : null}
            {stats.rate_limit_violations > 50 ? (
              <li>
                {t('alert.rateLimit', {
                  count: stats.rate_limit_violations,
                  formatted: formatCount(stats.rate_limit_violations),
                })}
              </li>
            ) : null}
          </ul>
        </div>
      </div>
      <Button variant="danger" size="sm" onClick={onShowEvents}>
        {t('alert.showEvents')}
      </Button>
    </div>
  );
}

function StatsSkeleton() {
  const { t } = useTranslation('security');
  return (
    <div aria-busy className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <p role="status" className="sr-only">
        {t('stats.loading')}
      </p>
      {Array.from({ length: 7 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} className="h-24 rounded-2xl" />
      ))}
    </div>
  );
}

/** The seven cards of the security dashboard and the red alert box, from GET /security/stats. */
export function SecurityStatsPanel({
  organizationId,
  onShowEvents,
}: {
  organizationId: string;
  onShowEvents: () => void;
}) {
  const { t } = useTranslation('security');
  const query = useSecurityStats(organizationId, useConsoleMode());
  useErrorToast(query.error, t('toasts.statsLoadFailed'));

  if (query.isPending) return <StatsSkeleton />;
  if (query.isError) {
    return (
      <LoadFailed
        message={t('stats.loadFailed')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  const stats = query.data;
  const inactive = stats.inactive_api_keys ?? stats.total_api_keys - stats.active_api_keys;
  return (
    <section aria-labelledby="security-stats-title" className="space-y-4">
      <h3 id="security-stats-title" className="sr-only">
        {t('stats.title')}
      </h3>
      {stats.show_alert ? <SecurityAlertBox stats={stats} onShowEvents={onShowEvents} /> : null}
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <ScoreCard stats={stats} />
        <StatCard
          icon={KeyRound}
          label={t('stats.apiKeys')}
          value={t('stats.activeKeys', { formatted: formatCount(stats.active_api_keys) })}
          detail={t('stats.keysDetail', {
            total: formatCount(stats.total_api_keys),
            inactive: formatCount(inactive),
          })}
        />
        <StatCard
          icon={Gauge}
          label={t('stats.requestsToday')}
          value={formatCount(stats.total_requests_today)}
          detail={t('stats.blockedDetail', {
            blocked: formatCount(stats.blocked_requests_today),
            percent: formatPercent(stats.blocked_percentage),
          })}
        />
        <StatCard
          icon={ShieldAlert}
          label={t('stats.criticalEvents')}
          value={formatCount(stats.critical_events_count)}
          tone={stats.critical_events_count > 0 ? 'red' : 'brand'}
        />
        <StatCard
          icon={Network}
          label={t('stats.trustedIps')}
          value={formatCount(stats.trusted_ips_count)}
        />
        <StatCard
          icon={Globe}
          label={t('stats.blockedCountries')}
          value={formatCount(stats.countries_blocked)}
        />
        <StatCard
          icon={Ban}
          label={t('stats.rateLimitViolations')}
          value={formatCount(stats.rate_limit_violations)}
          tone={
            stats.rate_limit_violations > 50
              ? 'red'
              : stats.rate_limit_violations > 10
                ? 'amber'
                : 'brand'
          }
        />
      </dl>
    </section>
  );
}
