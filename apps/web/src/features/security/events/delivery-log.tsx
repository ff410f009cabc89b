import { REQUEST_FULFILLED_DELIVERY } from '@tanqin/shared';
import { History, RefreshCw, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Table, TableHead, Td, Th } from '../../../components/ui/table.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { failureText } from '../../../lib/problem-text.ts';
import {
  type DeliveryStatus,
  type NotificationDelivery,
  useNotificationDeliveries,
} from '../api/get-notification-deliveries.ts';
import { useReplayNotificationDelivery } from '../api/replay-notification-delivery.ts';
import { EmptyState } from '../components/empty-state.tsx';
import { LoadFailed } from '../components/load-failed.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { formatCount, formatDateTime } from '../format.ts';

const STATUS_TONES: Record<DeliveryStatus, BadgeTone> = {
  pending: 'amber',
  delivered: 'green',
  failed: 'red',
};

function DeliveryRow({
  delivery,
  canManage,
  isReplaying,
  onReplay,
}: {
  delivery: NotificationDelivery;
  canManage: boolean;
  isReplaying: boolean;
  onReplay: () => void;
}) {
  const { t } = useTranslation('security');
  return (
    <tr>
      <Td className="whitespace-nowrap">
        {delivery.event_type === REQUEST_FULFILLED_DELIVERY
          ? t('deliveries.requestFulfilled')
          : t(`events.types.${delivery.event_type}`)}
        {delivery.replay_of ? (
          <span className="block text-xs text-slate-500">{t('deliveries.replayed')}</span>
        ) : null}
      </Td>
      <Td>
        <Badge tone={STATUS_TONES[delivery.status]}>
          {t(`deliveries.status.${delivery.status}`)}
        </Badge>
      </Td>
      <Td className="whitespace-nowrap">{formatCount(delivery.attempts)}</Td>
      <Td className="min-w-40 max-w-xs">
        {delivery.last_error ? (
          <bdi dir="ltr" className="block break-words text-start font-mono text-xs text-slate-700">
            {delivery.last_error}
          </bdi>
        ) : (
          <span className="text-slate-400">{t('deliveries.none')}</span>
        )}
      </Td>
      <Td className="min-w-32">{formatDateTime(delivery.created_at)}</Td>
      <Td className="min-w-32">
        {delivery.delivered_at ? (
          formatDateTime(delivery.delivered_at)
        ) : (
          <span className="text-slate-400">{t('deliveries.none')}</span>
        )}
      </Td>
      {canManage ? (
        <Td>
          <Button
            variant="secondary"
            size="sm"
            className="whitespace-nowrap"
            disabled={isReplaying}
            onClick={onReplay}
          >
            <RotateCw aria-hidden className={isReplaying ? 'size-4 animate-spin' : 'size-4'} />
            {isReplaying ? t('deliveries.replaying') : t('deliveries.replay')}
          </Button>
        </Td>
      ) : null}
    </tr>
  );
}

/**
 * The delivery log of one notification preference: each event sent (or still to be sent) with
 * its outcome, and a replay for the owners and admins.
 */
export function DeliveryLog({
  organizationId,
  preferenceId,
  canManage,
  id,
  labelledBy,
}: {
  organizationId: string;
  preferenceId: string;
  canManage: boolean;
  id: string;
  labelledBy: string;
}) {
  const { t } = useTranslation('security');
  const query = useNotificationDeliveries(organizationId, preferenceId);
  const replay = useReplayNotificationDelivery(organizationId, preferenceId);

  const onReplay = (deliveryId: string) =>
    replay.mutate(deliveryId, {
      onSuccess: () => toast.success(t('toasts.deliveryReplayed')),
      onError: (error) =>
        toast.error(
          error instanceof ApiError && error.status === 409
            ? t('toasts.deliveryStillPending')
            : failureText(t('toasts.deliveryReplayFailed'), error),
        ),
    });

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <div aria-busy className="space-y-2">
        <p role="status" className="sr-only">
          {t('deliveries.loading')}
        </p>
        <Skeleton className="h-10 rounded-xl" />
        <Skeleton className="h-10 rounded-xl" />
      </div>
    );
  } else if (query.isError) {
    content = (
      <LoadFailed
        message={t('deliveries.loadFailed')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else if (query.data.deliveries.length === 0) {
    content = (
      <EmptyState
        icon={History}
        title={t('deliveries.emptyTitle')}
        body={t('deliveries.emptyBody')}
      />
    );
  } else {
    const { deliveries, total } = query.data;
    content = (
      <div className="space-y-2">
        <Table label={t('deliveries.tableLabel')} className="min-w-[46rem]">
          <TableHead>
            <tr>
              <Th>{t('deliveries.columns.event')}</Th>
              <Th>{t('deliveries.columns.status')}</Th>
              <Th>{t('deliveries.columns.attempts')}</Th>
              <Th>{t('deliveries.columns.lastError')}</Th>
              <Th>{t('deliveries.columns.createdAt')}</Th>
              <Th>{t('deliveries.columns.deliveredAt')}</Th>
              {canManage ? <Th>{t('deliveries.columns.actions')}</Th> : null}
            </tr>
          </TableHead>
          <tbody>
            {deliveries.map((delivery) => (
              <DeliveryRow
                key={delivery.id}
                delivery={delivery}
                canManage={canManage}
                isReplaying={replay.isPending && replay.variables === delivery.id}
                onReplay={() => onReplay(delivery.id)}
              />
            ))}
          </tbody>
        </Table>
        {total > deliveries.length ? (
          <p className="text-xs text-slate-500">
            {t('deliveries.newestOnly', {
              count: total,
              shown: formatCount(deliveries.length),
              total: formatCount(total),
            })}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <section
      id={id}
      aria-labelledby={labelledBy}
      className="space-y-3 border-t border-slate-100 pt-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h5 id={labelledBy} className="text-sm font-bold text-slate-900">
          {t('deliveries.title')}
        </h5>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          <RefreshCw aria-hidden className={query.isFetching ? 'size-4 animate-spin' : 'size-4'} />
          {t('deliveries.refresh')}
        </Button>
      </div>
      {content}
    </section>
  );
}
