import { ListChecks } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { RequestLogFilters } from '../api/get-request-log.ts';
import { requestsSearch } from './request-filters.ts';

/** A link to the request log with these filters, in the same section of the dashboard. */
export function RequestsLink({
  filters,
  children,
  label,
}: {
  filters: RequestLogFilters;
  children: ReactNode;
  label?: string;
}) {
  const [search] = useSearchParams();
  return (
    <Link
      to={{ search: requestsSearch(search, filters) }}
      aria-label={label}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-800 underline decoration-brand-700/30 underline-offset-4 hover:decoration-brand-700"
    >
      <ListChecks aria-hidden className="size-4 shrink-0" />
      {children}
    </Link>
  );
}
