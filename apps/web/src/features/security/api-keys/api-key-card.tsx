import { SCOPES } from '@tanqin/shared';
import { Clock, Pencil, RefreshCcw, Trash2, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import type { ApiKey } from '../api/get-api-keys.ts';
import { UsageBar } from '../components/usage-bar.tsx';
import { formatCount, formatDateTime } from '../format.ts';
import { RequestsLink } from '../requests/requests-link.tsx';
import { GraceCountdown } from './grace-countdown.tsx';
import { MaskedKey } from './masked-key.tsx';
import { scopeTextKey } from './scope-keys.ts';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-1">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-800">{children}</dd>
    </div>
  );
}

/** One API key: state, masked key, this hour's use against its limit, last use, scopes, IPs. */
export function ApiKeyCard({
  apiKey: key,
  onToggle,
  onEdit,
  onRoll,
  onDelete,
  isToggling,
}: {
  apiKey: ApiKey;
  onToggle: (isActive: boolean) => void;
  onEdit: () => void;
  onRoll: () => void;
  onDelete: () => void;
  isToggling: boolean;
}) {
  const { t } = useTranslation('apiKeys');
  const isExpired = key.expires_at !== null && new Date(key.expires_at) <= new Date();
  const orderedScopes = SCOPES.filter((scope) => key.scopes.includes(scope));
  const headingId = `api-key-${key.id}`;

  return (
    <Card className="space-y-5 p-5" aria-labelledby={headingId} role="group">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h4 id={headingId} className="break-words text-base font-bold text-slate-900">
            {key.key_name}
          </h4>
          <Badge tone={key.is_active ? 'green' : 'slate'}>
            {t(key.is_active ? 'card.active' : 'card.inactive')}
          </Badge>
          {key.mode === 'test' ? <Badge tone="amber">{t('card.test')}</Badge> : null}
          {isExpired ? <Badge tone="red">{t('card.expired')}</Badge> : null}
          {key.critical_events_count > 0 ? (
            <Badge tone="red">
              <TriangleAlert aria-hidden className="size-3" />
              {t('card.criticalEvents', { formatted: formatCount(key.critical_events_count) })}
            </Badge>
          ) : null}
        </div>
        <div className="flex items-center gap-1 sm:gap-2">
          <Switch
            checked={key.is_active}
            disabled={isToggling}
            onCheckedChange={onToggle}
            aria-label={t('card.activeSwitch', { name: key.key_name })}
            className="me-2"
          />
          <Button
            variant="ghost"
            size="sm"
            onClick={onEdit}
            aria-label={t('card.edit', { name: key.key_name })}
          >
            <Pencil aria-hidden className="size-4" />
            <span className="hidden sm:inline">{t('card.editShort')}</span>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={onRoll}
            aria-label={t('card.roll', { name: key.key_name })}
          >
            <RefreshCcw aria-hidden className="size-4" />
            <span className="hidden sm:inline">{t('card.rollShort')}</span>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50"
            onClick={onDelete}
            aria-label={t('card.delete', { name: key.key_name })}
          >
            <Trash2 aria-hidden className="size-4" />
            <span className="hidden sm:inline">{t('card.deleteShort')}</span>
          </Button>
        </div>
      </div>

      <MaskedKey apiKey={key.api_key} keyName={key.key_name} />
      {key.previous_secret_expires_at ? (
        <GraceCountdown until={key.previous_secret_expires_at} />
      ) : null}

      <dl className="grid gap-4 sm:grid-cols-2">
        <Detail label={t('card.usageThisHour')}>
          <span className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
            <span data-testid="usage-text">
              {t('card.usageOfLimit', {
                count: key.rate_limit_per_hour,
                used: formatCount(key.requests_this_hour),
                limit: formatCount(key.rate_limit_per_hour),
              })}
            </span>
            <span className="text-xs text-slate-500">
              {t('card.perMinute', {
                used: formatCount(key.requests_this_minute),
                limit: formatCount(key.rate_limit_per_minute),
              })}
            </span>
          </span>
          <UsageBar
            used={key.requests_this_hour}
            limit={key.rate_limit_per_hour}
            label={t('card.usageMeter', { name: key.key_name })}
          />
        </Detail>
        <Detail label={t('card.lastUsed')}>
          {key.last_used_at ? (
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <Clock aria-hidden className="size-4 text-slate-400" />
              <span>{formatDateTime(key.last_used_at)}</span>
              {key.last_used_ip ? (
                <span className="text-slate-600">
                  {t('card.fromIp')}{' '}
                  <bdi dir="ltr" className="font-mono">
                    {key.last_used_ip}
                  </bdi>
                </span>
              ) : null}
            </span>
          ) : (
            <span className="text-slate-500">{t('card.neverUsed')}</span>
          )}
        </Detail>
        <Detail label={t('card.scopes')}>
          <ul className="flex flex-wrap gap-1.5">
            {orderedScopes.map((scope) => (
              <li key={scope}>
                <Badge tone="brand" title={t(`scopes.${scopeTextKey(scope)}`)}>
                  <bdi dir="ltr" className="font-mono">
                    {scope}
                  </bdi>
                </Badge>
              </li>
            ))}
          </ul>
        </Detail>
        <Detail label={t('card.allowedIps')}>
          {key.allowed_ips?.length ? (
            <ul className="flex flex-wrap gap-1.5">
              {key.allowed_ips.map((ip) => (
                <li key={ip}>
                  <Badge tone="slate">
                    <bdi dir="ltr" className="font-mono">
                      {ip}
                    </bdi>
                  </Badge>
                </li>
              ))}
            </ul>
          ) : (
            <span className="text-slate-500">{t('card.anyIp')}</span>
          )}
        </Detail>
      </dl>

      <p className="flex flex-wrap gap-x-4 gap-y-1 border-t border-slate-100 pt-3 text-xs text-slate-500">
        <span>{t('card.createdAt', { date: formatDateTime(key.created_at) })}</span>
        {key.secret_rolled_at ? (
          <span>{t('card.rolledAt', { date: formatDateTime(key.secret_rolled_at) })}</span>
        ) : null}
        <span>
          {key.expires_at
            ? t('card.expiresAt', { date: formatDateTime(key.expires_at) })
            : t('card.noExpiry')}
        </span>
        {/* Billed calls (a test key's: successful ones), where the meter counts every call. */}
        <span>
          {t(key.mode === 'test' ? 'card.requestsTodayTest' : 'card.requestsToday', {
            value: formatCount(key.requests_today),
          })}
        </span>
        <span>
          {t(key.mode === 'test' ? 'card.totalUsageTest' : 'card.totalUsage', {
            value: formatCount(key.usage_count),
          })}
        </span>
        <span className="ms-auto">
          <RequestsLink
            filters={{ api_key_id: key.id }}
            label={t('card.requestsOf', { name: key.key_name })}
          >
            {t('card.requests')}
          </RequestsLink>
        </span>
      </p>
    </Card>
  );
}
