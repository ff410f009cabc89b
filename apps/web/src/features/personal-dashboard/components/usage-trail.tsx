import { fieldLabelList, type PersonalCodeTrailEntry } from '@tanqin/shared';
import { Ban, CircleCheck, Clock, KeyRound, ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatDateTime } from '../format.ts';

const ICONS = {
  generated: { icon: KeyRound, tone: 'bg-brand-50 text-brand-700' },
  verified: { icon: CircleCheck, tone: 'bg-sky-50 text-sky-800' },
  verify_refused: { icon: ShieldX, tone: 'bg-amber-50 text-amber-800' },
  revoked: { icon: Ban, tone: 'bg-red-50 text-red-700' },
  expired: { icon: Clock, tone: 'bg-slate-100 text-slate-600' },
} as const;

const REFUSAL_REASONS = new Set([
  'wrong_audience',
  'token_used',
  'token_expired',
  'token_revoked',
  'subject_locked',
]);

type Entry = Pick<PersonalCodeTrailEntry, 'action' | 'at' | 'organization_name' | 'fields'> &
  Partial<Pick<PersonalCodeTrailEntry, 'reason'>>;

function useEntryText() {
  const { t } = useTranslation('personalDashboard');
  return (entry: Entry) => {
    const name = entry.organization_name ?? t('trail.unknownBody');
    switch (entry.action) {
      case 'revoked':
        return entry.organization_name ? t('trail.revokedBy', { name }) : t('trail.revokedByYou');
      case 'expired':
        return t('trail.expired');
      case 'verify_refused': {
        const reason = entry.reason && REFUSAL_REASONS.has(entry.reason) ? entry.reason : null;
        const text = t('trail.verify_refused', { name });
        return reason ? `${text}: ${t(`trail.reason.${reason}`)}` : text;
      }
      default:
        return t(`trail.${entry.action}`, { name });
    }
  };
}

/** Who did what to one code and when, oldest first; data fields by name only, never values. */
export function UsageTrail({ id, entries }: { id: string; entries: Entry[] }) {
  const { t } = useTranslation('personalDashboard');
  const textOf = useEntryText();
  const ordered = [...entries].sort((a, b) => a.at.localeCompare(b.at));

  if (ordered.length === 0) {
    return (
      <p id={id} className="text-sm text-slate-600">
        {t('trail.empty')}
      </p>
    );
  }
  return (
    <ol id={id} aria-label={t('trail.label')} className="space-y-0">
      {ordered.map((entry, index) => {
        const { icon: Icon, tone } = ICONS[entry.action] ?? ICONS.expired;
        const isLast = index === ordered.length - 1;
        return (
          <li
            key={`${entry.action}-${entry.at}-${entry.organization_name ?? ''}`}
            className="relative flex gap-3 pb-4"
          >
            {isLast ? null : (
              <span aria-hidden className="absolute start-4 top-9 bottom-0 w-px bg-slate-200" />
            )}
            <span
              aria-hidden
              className={cn('flex size-8 shrink-0 items-center justify-center rounded-full', tone)}
            >
              <Icon className="size-4" />
            </span>
            <div className="min-w-0 space-y-0.5 pt-1">
              <p className="text-sm font-semibold text-slate-900">{textOf(entry)}</p>
              <time dateTime={entry.at} className="block text-xs text-slate-500">
                {formatDateTime(entry.at)}
              </time>
              {entry.fields && entry.fields.length > 0 ? (
                <p className="text-xs text-slate-700">
                  {t('trail.fields', {
                    fields: fieldLabelList(entry.fields, currentLanguage()),
                  })}
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
