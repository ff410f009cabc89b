import { FilterX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import type { RequestLogFilters } from '../api/get-request-log.ts';
import { fromLocalInput, toLocalInput } from './request-filters.ts';

/** The statuses offered besides "succeeded" and "refused": the refusals a /v1 caller meets. */
const STATUSES = ['400', '401', '403', '404', '410', '429'] as const;

export interface KeyOption {
  id: string;
  name: string;
}

/**
 * Key, outcome and a time window; "all" is the absence of a filter. The mode is the console's
 * (its test mode switch), not a filter here.
 */
export function RequestFiltersBar({
  filters,
  keys,
  onChange,
}: {
  filters: RequestLogFilters;
  /** The keys to choose from (a role that cannot list keys sees only the chosen one). */
  keys: KeyOption[];
  onChange: (filters: RequestLogFilters) => void;
}) {
  const { t } = useTranslation('requests');
  const set = (change: Partial<RequestLogFilters>) => onChange({ ...filters, ...change });
  const hasFilters = Object.values(filters).some(Boolean);
  return (
    <div className="space-y-3">
      {/* A date with its time needs more room than the two lists beside it. */}
      <div className="grid grid-cols-2 gap-3 xl:grid-cols-[repeat(2,minmax(0,1fr))_repeat(2,minmax(0,1.4fr))]">
        <div className="col-span-2 xl:col-span-1">
          <SelectField
            label={t('filters.key')}
            value={filters.api_key_id ?? ''}
            onChange={(event) => set({ api_key_id: event.target.value || undefined })}
          >
            <option value="">{t('filters.allKeys')}</option>
            {keys.map((key) => (
              <option key={key.id} value={key.id}>
                {key.name}
              </option>
            ))}
          </SelectField>
        </div>
        <SelectField
          label={t('filters.status')}
          value={filters.status ?? ''}
          onChange={(event) => set({ status: event.target.value || undefined })}
        >
          <option value="">{t('filters.allStatuses')}</option>
          <option value="success">{t('filters.success')}</option>
          <option value="failure">{t('filters.failure')}</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`filters.statuses.${status}`)}
            </option>
          ))}
        </SelectField>
        <div className="col-span-2 sm:col-span-1">
          <DateField
            withTime
            label={t('filters.from')}
            value={toLocalInput(filters.from)}
            onChange={(from) => set({ from: fromLocalInput(from) })}
          />
        </div>
        <div className="col-span-2 sm:col-span-1">
          <DateField
            withTime
            label={t('filters.to')}
            value={toLocalInput(filters.to)}
            onChange={(to) => set({ to: fromLocalInput(to) })}
          />
        </div>
      </div>
      {hasFilters ? (
        <Button variant="ghost" size="sm" onClick={() => onChange({})}>
          <FilterX aria-hidden className="size-4" />
          {t('filters.clear')}
        </Button>
      ) : null}
    </div>
  );
}
