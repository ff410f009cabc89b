import { CircleCheck, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { countryName } from '../../../lib/country-name.ts';
import type { RequestLogEntry } from '../api/get-request-log.ts';
import { formatCount, formatPreciseTime } from '../format.ts';
import { isRefused, refusalReason } from './call-outcome.ts';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-3 border-t border-slate-100 py-2.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

const Latin = ({ children }: { children: ReactNode }) => (
  <bdi dir="ltr" className="font-mono">
    {children}
  </bdi>
);

/** What the call was refused for, in plain words, and what usually fixes it. */
function Outcome({ call }: { call: RequestLogEntry }) {
  const { t, i18n } = useTranslation('requests');
  if (!isRefused(call)) {
    return (
      <p className="flex items-start gap-2 rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900">
        <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0" />
        {t('detail.succeeded')}
      </p>
    );
  }
  const hintKey = `hints.${call.code}`;
  return (
    <div className="space-y-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p className="flex items-start gap-2 font-semibold">
        <CircleX aria-hidden className="mt-0.5 size-5 shrink-0" />
        {t('detail.refusedBecause', { reason: refusalReason(call) })}
      </p>
      {call.code && i18n.exists(hintKey, { ns: 'requests' }) ? (
        <p className="leading-relaxed">{t(hintKey)}</p>
      ) : null}
    </div>
  );
}

/** One call of the request log, everything the log kept about it, in a panel at the side. */
export function RequestDetailDrawer({
  call,
  onClose,
}: {
  call: RequestLogEntry | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('requests');
  return (
    <Dialog
      open={call !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      placement="side"
      title={t('detail.title')}
      description={
        call ? (
          <Latin>
            {call.method} {call.path}
          </Latin>
        ) : null
      }
    >
      {call ? (
        <div className="space-y-5">
          <Outcome call={call} />
          <dl>
            <Item label={t('detail.time')}>{formatPreciseTime(call.created_at)}</Item>
            {/* "401 · the reason in words"; the problem code for developers on its own line. */}
            <Item label={t('detail.status')}>
              <Latin>{call.status}</Latin>
              {' · '}
              {isRefused(call) ? refusalReason(call) : t('table.succeeded')}
              {call.code ? (
                <span className="block text-xs text-slate-500">
                  <Latin>{call.code}</Latin>
                </span>
              ) : null}
            </Item>
            <Item label={t('detail.apiKey')}>
              {call.api_key_name ?? <span className="text-slate-500">{t('detail.noKey')}</span>}
              {call.is_test ? (
                <Badge tone="amber" className="ms-2">
                  {t('testBadge')}
                </Badge>
              ) : null}
            </Item>
            <Item label={t('detail.clientIp')}>
              {call.client_ip ? <Latin>{call.client_ip}</Latin> : '—'}
            </Item>
            <Item label={t('detail.country')}>
              {call.country ? countryName(call.country) : t('detail.unknownCountry')}
            </Item>
            <Item label={t('detail.latency')}>
              {t('latencyMs', { value: formatCount(Math.round(call.latency_ms)) })}
            </Item>
            <Item label={t('detail.id')}>
              <Latin>{call.id}</Latin>
            </Item>
          </dl>
        </div>
      ) : null}
    </Dialog>
  );
}
