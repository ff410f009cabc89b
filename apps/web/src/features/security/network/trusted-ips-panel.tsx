import type { UseQueryResult } from '@tanstack/react-query';
import { Network, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Table, TableHead, Td, Th } from '../../../components/ui/table.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { countryName } from '../../../lib/country-name.ts';
import { failureText } from '../../../lib/problem-text.ts';
import { useDeleteTrustedIp } from '../api/delete-trusted-ip.ts';
import type { TrustedIp } from '../api/get-trusted-ips.ts';
import { useUpdateTrustedIp } from '../api/update-trusted-ip.ts';
import { EmptyState } from '../components/empty-state.tsx';
import { LoadFailed } from '../components/load-failed.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { useErrorToast } from '../components/use-error-toast.ts';
import { formatCount, formatDateTime } from '../format.ts';
import { AddTrustedIpDialog } from './add-trusted-ip-dialog.tsx';

function locationText(ip: TrustedIp) {
  const country = ip.country ? countryName(ip.country) : null;
  return [ip.city, country].filter(Boolean).join('، ');
}

const Dash = () => <span className="text-slate-400">—</span>;

/** Trusted IPs: the table of the spec's nine columns, the add dialog and delete with confirmation. */
export function TrustedIpsPanel({
  organizationId,
  query,
  canManage,
  canListKeys,
}: {
  organizationId: string;
  query: UseQueryResult<TrustedIp[]>;
  canManage: boolean;
  canListKeys: boolean;
}) {
  const { t } = useTranslation('security');
  const updateIp = useUpdateTrustedIp(organizationId);
  const deleteIp = useDeleteTrustedIp(organizationId);
  const [isAdding, setIsAdding] = useState(false);
  const [toDelete, setToDelete] = useState<TrustedIp | null>(null);
  useErrorToast(query.error, t('toasts.networkLoadFailed'));

  const addButton = canManage ? (
    <Button onClick={() => setIsAdding(true)}>
      <Plus aria-hidden className="size-4" />
      {t('trustedIps.add')}
    </Button>
  ) : null;

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <div aria-busy className="space-y-2">
        <p role="status" className="sr-only">
          {t('trustedIps.loading')}
        </p>
        <Skeleton className="h-10" />
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  } else if (query.isError) {
    content = (
      <LoadFailed
        message={t('trustedIps.loadFailed')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else if (query.data.length === 0) {
    content = (
      <EmptyState
        icon={Network}
        title={t('trustedIps.emptyTitle')}
        body={t('trustedIps.emptyBody')}
        action={addButton}
      />
    );
  } else {
    content = (
      <Table label={t('trustedIps.tableLabel')} className="min-w-[56rem]">
        <TableHead>
          <tr>
            <Th>{t('trustedIps.columns.address')}</Th>
            <Th>{t('trustedIps.columns.range')}</Th>
            <Th>{t('trustedIps.columns.location')}</Th>
            <Th>{t('trustedIps.columns.description')}</Th>
            <Th>{t('trustedIps.columns.apiKey')}</Th>
            <Th>{t('trustedIps.columns.usageCount')}</Th>
            <Th>{t('trustedIps.columns.lastSeen')}</Th>
            <Th>{t('trustedIps.columns.status')}</Th>
            <Th>{t('trustedIps.columns.actions')}</Th>
          </tr>
        </TableHead>
        <tbody>
          {query.data.map((ip) => (
            <tr key={ip.id}>
              <Td>
                <bdi dir="ltr" className="font-mono whitespace-nowrap">
                  {ip.ip_address}
                </bdi>
              </Td>
              <Td>
                {ip.ip_range ? (
                  <bdi dir="ltr" className="font-mono whitespace-nowrap">
                    {ip.ip_range}
                  </bdi>
                ) : (
                  <Dash />
                )}
              </Td>
              <Td className="whitespace-nowrap">{locationText(ip) || <Dash />}</Td>
              <Td className="min-w-48">{ip.description}</Td>
              <Td className="whitespace-nowrap">
                {ip.api_key_name ?? (
                  <span className="text-slate-600">{t('trustedIps.allKeys')}</span>
                )}
              </Td>
              <Td>{formatCount(ip.usage_count)}</Td>
              <Td className="whitespace-nowrap">
                {ip.last_seen_at ? formatDateTime(ip.last_seen_at) : t('trustedIps.neverSeen')}
              </Td>
              <Td>
                <span className="flex items-center gap-2">
                  <Switch
                    checked={ip.is_active}
                    disabled={
                      !canManage || (updateIp.isPending && updateIp.variables?.id === ip.id)
                    }
                    aria-label={t('trustedIps.activeSwitch', { ip: ip.ip_address })}
                    onCheckedChange={(checked) =>
                      updateIp.mutate(
                        { id: ip.id, is_active: checked },
                        {
                          onError: (error) =>
                            toast.error(failureText(t('toasts.trustedIpUpdateFailed'), error)),
                        },
                      )
                    }
                  />
                  <Badge tone={ip.is_active ? 'green' : 'slate'}>
                    {t(ip.is_active ? 'status.active' : 'status.inactive')}
                  </Badge>
                </span>
              </Td>
              <Td>
                {canManage ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-700 hover:bg-red-50"
                    aria-label={t('trustedIps.delete', { ip: ip.ip_address })}
                    onClick={() => setToDelete(ip)}
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </Button>
                ) : (
                  <Dash />
                )}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }

  return (
    <section aria-labelledby="trusted-ips-title" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h4 id="trusted-ips-title" className="text-base font-bold text-slate-900">
            {t('trustedIps.title')}
          </h4>
          <p className="max-w-2xl text-sm leading-relaxed text-slate-600">{t('trustedIps.body')}</p>
        </div>
        {query.isSuccess && query.data.length > 0 ? addButton : null}
      </div>
      {content}
      <AddTrustedIpDialog
        organizationId={organizationId}
        open={isAdding}
        onOpenChange={setIsAdding}
        canListKeys={canListKeys}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={t('trustedIps.deleteTitle')}
        description={
          <span>
            {t('trustedIps.deleteBody')}{' '}
            <bdi dir="ltr" className="font-mono">
              {toDelete?.ip_address}
            </bdi>
          </span>
        }
        confirmLabel={t('trustedIps.deleteConfirm')}
        pendingLabel={t('actions.deleting')}
        cancelLabel={t('actions.cancel')}
        isPending={deleteIp.isPending}
        onConfirm={() => {
          if (!toDelete) return;
          deleteIp.mutate(toDelete.id, {
            onSuccess: () => {
              toast.success(t('toasts.trustedIpDeleted'));
              setToDelete(null);
            },
            onError: (error) => toast.error(failureText(t('toasts.trustedIpDeleteFailed'), error)),
          });
        }}
      />
    </section>
  );
}
