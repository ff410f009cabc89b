import type { CountryMode } from '@tanqin/shared';
import { Search, TriangleAlert } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { failureText } from '../../../lib/problem-text.ts';
import { useCountryPolicy, useSetCountryPolicy } from '../api/country-policy.ts';
import { LoadFailed } from '../components/load-failed.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { useErrorToast } from '../components/use-error-toast.ts';
import { formatCount } from '../format.ts';
import { AddressCheck } from './address-check.tsx';
import { type Country, listCountries, searchCountries } from './countries.ts';
import { REGIONS, type Region, regionOf } from './regions.ts';

const MODES: CountryMode[] = ['block', 'allow'];

function ModeChoice({
  mode,
  disabled,
  onChange,
}: {
  mode: CountryMode;
  disabled: boolean;
  onChange: (mode: CountryMode) => void;
}) {
  const { t } = useTranslation('security');
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-semibold text-slate-800">{t('countries.mode')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {MODES.map((value) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-xl border bg-white p-4',
              mode === value ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200',
              disabled && 'cursor-not-allowed opacity-70',
            )}
          >
            <input
              type="radio"
              name="country-mode"
              value={value}
              checked={mode === value}
              disabled={disabled}
              onChange={() => onChange(value)}
              className="mt-1 size-4 accent-brand-700"
            />
            <span className="space-y-1">
              <span className="block font-semibold text-slate-900">
                {t(`countries.modes.${value}`)}
              </span>
              <span className="block text-sm text-slate-600">
                {t(`countries.modes.${value}Body`)}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function RegionGroup({
  region,
  countries,
  total,
  selected,
  disabled,
  onToggle,
  onSetAll,
}: {
  region: Region;
  countries: Country[];
  total: number;
  selected: Set<string>;
  disabled: boolean;
  onToggle: (code: string) => void;
  onSetAll: (codes: string[], on: boolean) => void;
}) {
  const { t } = useTranslation('security');
  const codes = countries.map((country) => country.code);
  const chosen = codes.filter((code) => selected.has(code)).length;
  const name = t(`countries.regions.${region}`);
  return (
    <fieldset
      aria-label={name}
      data-region={region}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <legend className="contents">
          <span className="font-semibold text-slate-900">
            {name}{' '}
            <span className="text-sm font-normal text-slate-500">
              {t('countries.regionCount', {
                selected: formatCount(chosen),
                total: formatCount(total),
              })}
            </span>
          </span>
        </legend>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={disabled || chosen === codes.length}
            onClick={() => onSetAll(codes, true)}
            aria-label={t('countries.selectAllOf', { region: name })}
          >
            {t('countries.selectAll')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={disabled || chosen === 0}
            onClick={() => onSetAll(codes, false)}
            aria-label={t('countries.selectNoneOf', { region: name })}
          >
            {t('countries.selectNone')}
          </Button>
        </div>
      </div>
      <ul className="grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {countries.map((country) => (
          <li key={country.code} data-country={country.code}>
            <label className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-slate-50">
              <input
                type="checkbox"
                checked={selected.has(country.code)}
                disabled={disabled}
                onChange={() => onToggle(country.code)}
                className="size-4 shrink-0 accent-brand-700"
              />
              <span className="min-w-0 truncate text-slate-900">{country.name}</span>
              <bdi dir="ltr" className="ms-auto font-mono text-xs text-slate-500">
                {country.code}
              </bdi>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * Country rules as one policy (ARCHITECTURE.md section 8): block the chosen countries, or allow
 * only them. Every country by its name in the page's language, searchable, grouped by region
 * with select all/none; saved at once, then in force on every server within a second.
 */
export function CountryRulesPanel({
  organizationId,
  geoBlockingEnabled,
  canManage,
  canListKeys,
}: {
  organizationId: string;
  geoBlockingEnabled: boolean;
  canManage: boolean;
  canListKeys: boolean;
}) {
  const { t, i18n } = useTranslation('security');
  const query = useCountryPolicy(organizationId);
  const save = useSetCountryPolicy(organizationId);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [mode, setMode] = useState<CountryMode>('block');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  useErrorToast(query.error, t('toasts.networkLoadFailed'));

  // The saved policy becomes the draft whenever it (re)loads.
  useEffect(() => {
    if (!query.data) return;
    setMode(query.data.mode);
    setSelected(new Set(query.data.countries));
  }, [query.data]);

  const countries = useMemo(() => listCountries(i18n.language), [i18n.language]);
  const shown = useMemo(
    () => searchCountries(countries, deferredSearch),
    [countries, deferredSearch],
  );
  const byRegion = useMemo(() => {
    const groups = new Map<Region, { shown: Country[]; total: number }>(
      REGIONS.map((region) => [region, { shown: [], total: 0 }]),
    );
    for (const country of countries) groups.get(regionOf(country.code))!.total++;
    for (const country of shown) groups.get(regionOf(country.code))!.shown.push(country);
    return groups;
  }, [countries, shown]);

  const saved = query.data;
  const isDirty =
    saved !== undefined &&
    (saved.mode !== mode ||
      saved.countries.length !== selected.size ||
      saved.countries.some((code) => !selected.has(code)));
  const disabled = !canManage || save.isPending;

  const toggle = (code: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(code)) next.add(code);
      return next;
    });
  const setAll = (codes: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const code of codes) {
        if (on) next.add(code);
        else next.delete(code);
      }
      return next;
    });

  const submit = () =>
    save.mutate(
      { mode, countries: [...selected].sort() },
      {
        onSuccess: () => toast.success(t('toasts.countryPolicySaved')),
        onError: (error) => toast.error(failureText(t('toasts.countryRuleUpdateFailed'), error)),
      },
    );

  return (
    <div className="space-y-6">
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

        {query.isPending ? (
          <div aria-busy className="space-y-3">
            <p role="status" className="sr-only">
              {t('countries.loading')}
            </p>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-24 rounded-xl" />
            ))}
          </div>
        ) : query.isError ? (
          <LoadFailed
            message={t('countries.loadFailed')}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : (
          <>
            <ModeChoice mode={mode} disabled={disabled} onChange={setMode} />
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
              <p className="text-sm text-slate-600" aria-live="polite">
                {t(mode === 'block' ? 'countries.blockedCount' : 'countries.allowedCount', {
                  value: formatCount(selected.size),
                })}
              </p>
            </div>
            {mode === 'allow' && selected.size === 0 ? (
              <p
                role="status"
                className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
              >
                <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                {t('countries.allowNoneWarning')}
              </p>
            ) : null}
            {shown.length === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-600">
                {t('countries.noMatch')}
              </p>
            ) : (
              <section aria-label={t('countries.listLabel')} className="space-y-3">
                {REGIONS.map((region) => {
                  const group = byRegion.get(region)!;
                  return group.shown.length ? (
                    <RegionGroup
                      key={region}
                      region={region}
                      countries={group.shown}
                      total={group.total}
                      selected={selected}
                      disabled={disabled}
                      onToggle={toggle}
                      onSetAll={setAll}
                    />
                  ) : null;
                })}
              </section>
            )}
            {canManage ? (
              <div className="sticky bottom-0 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-slate-50/95 py-3">
                <Button onClick={submit} disabled={!isDirty || save.isPending}>
                  {save.isPending ? t('countries.saving') : t('countries.save')}
                </Button>
                <Button
                  variant="ghost"
                  disabled={!isDirty || save.isPending}
                  onClick={() => {
                    setMode(saved!.mode);
                    setSelected(new Set(saved!.countries));
                  }}
                >
                  {t('countries.discard')}
                </Button>
                {isDirty ? (
                  <span className="text-sm text-slate-600">{t('countries.unsaved')}</span>
                ) : null}
              </div>
            ) : null}
          </>
        )}
      </section>
      <AddressCheck organizationId={organizationId} canListKeys={canListKeys} />
    </div>
  );
}
