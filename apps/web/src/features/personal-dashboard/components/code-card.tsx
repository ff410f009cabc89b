import { fieldLabel, type PersonalCode, type TokenStatus } from '@tanqin/shared';
import { Ban, Building2, ChevronDown, Landmark, ShieldAlert } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatCount, formatDateTime } from '../format.ts';
import { ReceiptStatus } from './receipt-status.tsx';
import { UsageTrail } from './usage-trail.tsx';

const STATUS_TONES: Record<TokenStatus, BadgeTone> = {
  active: 'green',
  used: 'sky',
  expired: 'amber',
  revoked: 'red',
};

function Moment({ label, at, extra }: { label: string; at: string; extra?: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-800">
        <time dateTime={at}>{formatDateTime(at)}</time>
        {extra ? <span className="block text-xs text-slate-600">{extra}</span> : null}
      </dd>
    </div>
  );
}

/**
 * One code issued for the person: who issued it, for whom, its times, fields and trail; revoke
 * while active, and "This wasn't me" once.
 */
export function CodeCard({
  code,
  onRevoke,
  onReportMisuse,
}: {
  code: PersonalCode;
  onRevoke: () => void;
  onReportMisuse: () => void;
}) {
  const { t } = useTranslation('personalDashboard');
  const [isOpen, setIsOpen] = useState(false);
  const titleId = useId();
  const trailId = useId();
  const IssuerIcon = code.issuer.type === 'government' ? Landmark : Building2;

  return (
    <Card className="p-4 sm:p-5">
      <article aria-labelledby={titleId} className="space-y-4">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 items-start gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <IssuerIcon aria-hidden className="size-5" />
            </span>
            <div className="min-w-0">
              <h2 id={titleId} className="text-base font-bold text-slate-900">
                {code.issuer.name}
              </h2>
              <p className="text-xs text-slate-500">{t(`issuerType.${code.issuer.type}`)}</p>
              <p className="mt-1 text-sm text-slate-700">
                {t('card.audience', { name: code.audience.name })}
              </p>
              {code.purpose ? (
                <p className="mt-1 text-sm font-medium text-slate-800">
                  {t('card.purpose', {
                    purpose: code.purpose,
                    interpolation: { escapeValue: false },
                  })}
                </p>
              ) : null}
            </div>
          </div>
          <Badge tone={STATUS_TONES[code.status] ?? 'slate'}>
            {t(`status.${code.status}`, { defaultValue: code.status })}
          </Badge>
        </header>

        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Moment label={t('card.createdAt')} at={code.created_at} />
          <Moment label={t('card.expiresAt')} at={code.expires_at} />
          {code.used_at ? (
            <Moment
              label={t('card.usedAt')}
              at={code.used_at}
              extra={code.used_by ? t('card.usedBy', { name: code.used_by.name }) : undefined}
            />
          ) : null}
          {code.revoked_at ? <Moment label={t('card.revokedAt')} at={code.revoked_at} /> : null}
        </dl>

        <div>
          <p className="mb-1.5 text-xs font-semibold text-slate-500">{t('card.fields')}</p>
          {code.data_fields.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5">
              {code.data_fields.map((name) => (
                <li
                  key={name}
                  className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
                >
                  {fieldLabel(name, currentLanguage())}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">{t('card.noFields')}</p>
          )}
        </div>

        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={isOpen}
            aria-controls={isOpen ? trailId : undefined}
            onClick={() => setIsOpen((open) => !open)}
          >
            <ChevronDown
              aria-hidden
              className={cn('size-4 transition-transform', isOpen && 'rotate-180')}
            />
            {isOpen
              ? t('card.hideTrail')
              : t('card.showTrail', { n: formatCount(code.trail.length) })}
          </Button>
          <div className="flex flex-wrap items-center gap-2">
            {/* Asked for when the entry is opened: a page of 50 must not ask for 50 receipts. */}
            {isOpen ? <ReceiptStatus codeId={code.id} /> : null}
            {code.misuse_reported_at ? (
              <p className="flex items-center gap-1.5 text-xs font-medium text-red-800">
                <ShieldAlert aria-hidden className="size-4 shrink-0" />
                {t('card.misuseReported', { at: formatDateTime(code.misuse_reported_at) })}
              </p>
            ) : (
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700 hover:bg-red-50"
                onClick={onReportMisuse}
              >
                <ShieldAlert aria-hidden className="size-4" />
                {t('card.reportMisuse')}
              </Button>
            )}
            {code.status === 'active' ? (
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700 hover:bg-red-50"
                onClick={onRevoke}
              >
                <Ban aria-hidden className="size-4" />
                {t('card.revoke')}
              </Button>
            ) : null}
          </div>
        </div>

        {isOpen ? (
          <div className="rounded-xl bg-slate-50 p-4">
            <UsageTrail id={trailId} entries={code.trail} />
          </div>
        ) : null}
      </article>
    </Card>
  );
}
