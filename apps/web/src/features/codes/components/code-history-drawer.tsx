import { type CodeHistoryEntry, can, fieldLabelList, type MemberRole } from '@tanqin/shared';
import type { TFunction } from 'i18next';
import { Ban, Printer } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { TruncatedText } from '../../../components/ui/truncated-text.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useCodeHistory, useRevokeCode } from '../api/codes-queries.ts';
import { formatLongDate, formatTime } from '../format.ts';
import { STATUS_TONES } from './status-tones.ts';
import { VerificationReceipt } from './verification-receipt.tsx';

/**
 * Who acted: the member by name when they are one of ours, else the means; the organisation only
 * when it is neither the issuer nor the audience, both named once above the events.
 */
function actorText(entry: CodeHistoryEntry, t: TFunction<'codes'>, named: string[]) {
  if (entry.member) return t('history.byMember', { name: entry.member.name });
  if (entry.via === 'system' || entry.via === 'individual') return t(`history.via.${entry.via}`);
  if (entry.organization && !named.includes(entry.organization.name))
    return t('history.byOrganization', {
      name: entry.organization.name,
      via: t(`history.via.${entry.via}`),
    });
  return t(`history.via.${entry.via}`);
}

function Entry({
  entry,
  named,
  onReceipt,
}: {
  entry: CodeHistoryEntry;
  named: string[];
  onReceipt?: () => void;
}) {
  const { t } = useTranslation('codes');
  return (
    <li className="relative border-s-2 border-slate-200 ps-4 pb-4 last:pb-0">
      <span
        aria-hidden
        className="absolute -start-[7px] top-1 size-3 rounded-full border-2 border-white bg-brand-600"
      />
      <p className="font-semibold text-slate-900">{t(`history.action.${entry.action}`)}</p>
      <p className="text-sm text-slate-700">{actorText(entry, t, named)}</p>
      <p className="text-xs text-slate-500">
        <time dateTime={entry.at}>
          {formatLongDate(entry.at)} · {formatTime(entry.at)}
        </time>
      </p>
      {entry.action === 'use' && entry.fields.length > 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          {t('history.fieldsViewed', {
            fields: fieldLabelList(entry.fields, currentLanguage()),
          })}
        </p>
      ) : null}
      {onReceipt ? (
        <Button variant="secondary" size="sm" className="mt-2" onClick={onReceipt}>
          <Printer aria-hidden className="size-4" />
          {t('history.receipt')}
        </Button>
      ) : null}
    </li>
  );
}

/** One code: its status, its audit trail, a receipt for each decryption, and revocation. */
export function CodeHistoryDrawer({
  organizationId,
  role,
  tokenId,
  canRevokeHere,
  onClose,
}: {
  organizationId: string;
  role: MemberRole;
  tokenId: string | null;
  /** The list is of issued codes: only the issuer revokes. */
  canRevokeHere: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('codes');
  const history = useCodeHistory(organizationId, tokenId);
  const revoke = useRevokeCode(organizationId);
  const [confirming, setConfirming] = useState(false);
  const [receipt, setReceipt] = useState<CodeHistoryEntry | null>(null);
  const data = history.data;
  const mayRevoke = canRevokeHere && can(role, 'codes:revoke') && data?.token.status === 'active';

  return (
    <>
      <Dialog
        open={tokenId !== null && receipt === null}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        placement="side"
        title={t('history.title')}
        description={
          <bdi dir="ltr" className="font-mono text-xs">
            {tokenId}
          </bdi>
        }
      >
        {history.isError ? (
          <Alert tone="error">{t('history.error')}</Alert>
        ) : !data ? (
          <p role="status" className="text-sm text-slate-600">
            {t('history.loading')}
          </p>
        ) : (
          <div className="space-y-5">
            <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <Badge tone={STATUS_TONES[data.token.status]}>
                {t(`status.${data.token.status}`)}
              </Badge>
              {data.token.is_test ? <Badge tone="amber">{t('list.test')}</Badge> : null}
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-500">{t('list.columns.issuer')}</dt>
              <dd className="min-w-0 font-medium text-slate-900">
                <TruncatedText text={data.token.issuer.name} />
              </dd>
              <dt className="text-slate-500">{t('list.columns.audience')}</dt>
              <dd className="min-w-0 font-medium text-slate-900">
                <TruncatedText text={data.token.audience.name} />
              </dd>
            </dl>
            <ol aria-label={t('history.trail')} className="ms-1.5">
              {data.entries.map((entry) => (
                <Entry
                  key={`${entry.chain.shard}-${entry.chain.seq}`}
                  entry={entry}
                  named={[data.token.issuer.name, data.token.audience.name]}
                  onReceipt={entry.action === 'use' ? () => setReceipt(entry) : undefined}
                />
              ))}
            </ol>
            {mayRevoke ? (
              <div className="space-y-2 border-t border-slate-200 pt-4">
                <p className="text-sm text-slate-600">{t('revoke.explain')}</p>
                <Button variant="danger" onClick={() => setConfirming(true)}>
                  <Ban aria-hidden className="size-4" />
                  {t('revoke.action')}
                </Button>
              </div>
            ) : null}
          </div>
        )}
      </Dialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('revoke.confirmTitle')}
        description={t('revoke.confirmText')}
        confirmLabel={t('revoke.confirm')}
        pendingLabel={t('revoke.pending')}
        cancelLabel={t('revoke.cancel')}
        isPending={revoke.isPending}
        onConfirm={() =>
          tokenId &&
          revoke.mutate(tokenId, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t('revoke.done'));
            },
          })
        }
      >
        {revoke.isError ? (
          <Alert tone="error">
            {revoke.error instanceof ApiError &&
            ['token_used', 'token_expired'].includes(revoke.error.code)
              ? t(`revoke.${revoke.error.code}`)
              : t('revoke.failed')}
          </Alert>
        ) : null}
      </ConfirmDialog>
      {data ? (
        <VerificationReceipt history={data} entry={receipt} onClose={() => setReceipt(null)} />
      ) : null}
    </>
  );
}
