import { Search, TriangleAlert } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/problem-text.ts';
import { useCountryRules } from '../api/get-country-rules.ts';
import { useSetCountryRule } from '../api/set-country-rule.ts';
import { LoadFailed } from '../components/load-failed.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { useErrorToast } from '../components/use-error-toast.ts';
import { formatCount } from '../format.ts';
import { type Country, listCountries, searchCountries } from './countries.ts';

function CountryRow({
  country,
  isAllowed,
  disabled,
  onChange,
}: {
  country: Country;
  isAllowed: boolean;
  disabled: boolean;
  onChange: (isAllowed: boolean) => void;
}) {
  const { t } = useTranslation('security');
  return (
    <li
      data-country={country.code}
      className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3"
    >
      <div className="min-w-0 space-y-1">
        <p className="truncate font-medium text-slate-900">{country.name}</p>
        <p className="flex items-center gap-2">
          <bdi dir="ltr" className="font-mono text-xs text-slate-500">
            {country.code}
          </bdi>
          <Badge tone={isAllowed ? 'green' : 'red'}>
            {t(isAllowed ? 'countries.allowed' : 'countries.blocked')}
          </Badge>
        </p>
      </div>
      <Switch
        checked={isAllowed}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-label={t('countries.allowSwitch', { country: country.name })}
      />
    </li>
  );
}

/**
 * Country rules (ARCHITECTURE.md section 8): every ISO 3166 country by its Arabic name,
 * searchable, Saudi Arabia first. A country without a rule is allowed; the switches only
 * matter, and only move, while geographic blocking is on.
 */
export function CountryRulesPanel({
  organizationId,
  geoBlockingEnabled,
  canManage,
}: {
  organizationId: string;
  geoBlockingEnabled: boolean;
  canManage: boolean;
}) {
  const { t } = useTranslation('security');
  const query = useCountryRules(organizationId);
  const setRule = useSetCountryRule(organizationId);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  useErrorToast(query.error, t('toasts.networkLoadFailed'));

  const countries = useMemo(() => listCountries(), []);
  const shown = useMemo(
    () => searchCountries(countries, deferredSearch),
    [countries, deferredSearch],
  );
  const blocked = useMemo(
    () => new Set(query.data?.filter((rule) => !rule.is_allowed).map((rule) => rule.country_code)),
    [query.data],
  );

  return (
    <section aria-labelledby="country-rules-title" className="space-y-4">
      <div className="space-y-1">
        <h4 id="country-rules-title" className="text-base font-bold text-slate-900">
          {t('countries.title')}
        </h4>
        <p className="max-w-2xl text-sm leading-relaxed text-slate-600">{t('countries.body')}</p>
      </div>
      {!geoBlockingEnabled ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('countries.geoBlockingOff')}
        </p>
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <label className="relative block w-full max-w-sm">
          <span className="sr-only">{t('countries.search')}</span>
          <Search
            aria-hidden
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('countries.searchPlaceholder')}
            className="block w-full rounded-lg border border-slate-300 bg-white py-2 ps-9 pe-3 text-sm shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-brand-600"
          />
        </label>
        {query.isSuccess ? (
          <p className="text-sm text-slate-600">
            {t('countries.blockedCount', { value: formatCount(blocked.size) })}
          </p>
        ) : null}
      </div>

      {query.isPending ? (
        <div aria-busy className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          <p role="status" className="sr-only">
            {t('countries.loading')}
          </p>
          {[0, 1, 2, 3, 4, 5].map((index) => (
            <Skeleton key={index} className="h-16 rounded-xl" />
          ))}
        </div>
      ) : query.isError ? (
        <LoadFailed
          message={t('countries.loadFailed')}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : shown.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-600">
          {t('countries.noMatch')}
        </p>
      ) : (
        <ul
          aria-label={t('countries.listLabel')}
          className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3"
        >
          {shown.map((country) => (
            <CountryRow
              key={country.code}
              country={country}
              isAllowed={!blocked.has(country.code)}
              disabled={!geoBlockingEnabled || !canManage}
              onChange={(isAllowed) =>
                setRule.mutate(
                  { country_code: country.code, is_allowed: isAllowed },
                  {
                    onSuccess: () =>
                      toast.success(
                        t(isAllowed ? 'toasts.countryAllowed' : 'toasts.countryBlocked', {
                          country: country.name,
                        }),
                      ),
                    onError: (error) =>
                      toast.error(failureText(t('toasts.countryRuleUpdateFailed'), error)),
                  },
                )
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}
