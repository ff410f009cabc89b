import {
  PERSONAL_CODE_BODY_ROLES,
  type PersonalCodeBodyRole,
  TOKEN_STATUSES,
} from '@tanqin/shared';
import { Download, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { type HistoryFilters, NO_FILTERS } from '../api/my-codes.ts';

/** Typing in the search asks the server once the person pauses, not per letter. */
const SEARCH_PAUSE_MS = 300;

export const hasFilters = (filters: HistoryFilters) =>
  Boolean(filters.body.trim() || filters.status || filters.from || filters.to);

/** Search by body name, who the body was, status and issue days; and the CSV export. */
export function HistoryFiltersBar({
  filters,
  onChange,
  onExport,
  exporting,
}: {
  filters: HistoryFilters;
  onChange: (filters: HistoryFilters) => void;
  onExport: () => void;
  exporting: boolean;
}) {
  const { t } = useTranslation('personalDashboard');
  const [body, setBody] = useState(filters.body);
  // A search set from outside (cleared with the other filters) replaces what was typed in the
  // same render, before the pause below could send the old text again.
  const [searched, setSearched] = useState(filters.body);
  if (filters.body !== searched) {
    setSearched(filters.body);
    setBody(filters.body);
  }
  useEffect(() => {
    if (body === filters.body) return;
    const timer = setTimeout(() => onChange({ ...filters, body }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [body, filters, onChange]);

  return (
    <section
      aria-label={t('filters.label')}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-6">
        <div className="col-span-2">
          <TextField
            type="search"
            label={t('filters.search')}
            placeholder={t('filters.searchPlaceholder')}
            value={body}
            maxLength={100}
            onChange={(event) => setBody(event.target.value)}
          />
        </div>
        <div className="col-span-2 sm:col-span-1">
          <SelectField
            label={t('filters.role')}
            value={filters.body_role}
            onChange={(event) =>
              onChange({ ...filters, body_role: event.target.value as PersonalCodeBodyRole })
            }
          >
            {PERSONAL_CODE_BODY_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`filters.roles.${role}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <SelectField
            label={t('filters.status')}
            value={filters.status}
            onChange={(event) =>
              onChange({ ...filters, status: event.target.value as HistoryFilters['status'] })
            }
          >
            <option value="">{t('filters.allStatuses')}</option>
            {TOKEN_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <DateField
          label={t('filters.from')}
          value={filters.from}
          max={filters.to || undefined}
          onChange={(from) => onChange({ ...filters, from })}
        />
        <DateField
          label={t('filters.to')}
          value={filters.to}
          min={filters.from || undefined}
          onChange={(to) => onChange({ ...filters, to })}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {hasFilters(filters) ? (
          <Button variant="ghost" size="sm" onClick={() => onChange(NO_FILTERS)}>
            <X aria-hidden className="size-4" />
            {t('filters.clear')}
          </Button>
        ) : (
          <span />
        )}
        <Button variant="secondary" size="sm" onClick={onExport} disabled={exporting}>
          <Download aria-hidden className="size-4" />
          {exporting ? t('export.pending') : t('export.button')}
        </Button>
      </div>
    </section>
  );
}
