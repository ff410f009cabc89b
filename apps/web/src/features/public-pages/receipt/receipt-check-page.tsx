import {
  AUDIT_KEYS_PATH,
  type AuditKeySet,
  type AuditOrganization,
  fieldLabelList,
  verifiersOfKeySet,
} from '@tanqin/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import { FileCheck2, ShieldCheck, ShieldX, Upload } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatCount } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { intlLocale } from '../../../lib/language.ts';
import { BulletList, ProseSection } from '../components/prose.tsx';
import { PublicPageLayout } from '../components/public-page-layout.tsx';
import { checkReceiptText, type ProvenEvent, type ReceiptVerdict } from './check-receipt.ts';

/** The keys every receipt is checked against, as this server publishes them. */
const usePublishedVerifiers = () =>
  useQuery({
    queryKey: ['audit-keys'],
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const response = await fetch(AUDIT_KEYS_PATH, { signal });
      if (!response.ok) throw new Error(`${AUDIT_KEYS_PATH} answered ${response.status}`);
      return verifiersOfKeySet((await response.json()) as AuditKeySet);
    },
  });

/** The names of the organisations a receipt proves by id (null: no longer registered). */
function useOrganizationNames(ids: string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: ['audit-organization', id],
      staleTime: 5 * 60_000,
      retry: false,
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const response = await fetch(`/v1/audit/organizations/${encodeURIComponent(id)}`, {
          signal,
        });
        if (response.status === 404) return null;
        if (!response.ok) throw new Error(`the organisation's name answered ${response.status}`);
        return (await response.json()) as AuditOrganization;
      },
    })),
  });
}

// Audit times are UTC; people read them in Riyadh time, named (one zone for every message).
const riyadhTime = () =>
  new Intl.DateTimeFormat(intlLocale(), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Asia/Riyadh',
    calendar: 'gregory',
    numberingSystem: 'latn',
  });

/** `/receipt`: anyone checks a code's receipt file in the browser, against the published keys. */
export function ReceiptCheckPage() {
  const { t } = useTranslation('receiptCheck');
  const verifiers = usePublishedVerifiers();
  const [file, setFile] = useState<{ name: string; verdict?: ReceiptVerdict }>();
  const [isDragging, setIsDragging] = useState(false);
  const inputId = useId();

  const check = async (picked: File | undefined) => {
    if (!picked || !verifiers.data) return;
    setFile({ name: picked.name });
    const verdict = await checkReceiptText(await picked.text(), verifiers.data);
    setFile({ name: picked.name, verdict });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    void check(event.dataTransfer.files[0]);
  };

  return (
    <PublicPageLayout title={t('title')} lead={<p>{t('lead')}</p>}>
      <div className="space-y-12">
        <ProseSection id="receipt-what" title={t('what.title')}>
          <BulletList items={t('what.points', { returnObjects: true }) as string[]} />
          <p className="mt-4">
            {t('what.where')}{' '}
            <a
              href="/dashboard"
              className="font-semibold text-brand-800 underline hover:text-brand-900"
            >
              {t('history')}
            </a>
          </p>
        </ProseSection>

        <section aria-labelledby="receipt-pick" className="space-y-4">
          <h2 id="receipt-pick" className="text-xl font-bold text-slate-900">
            {t('pick.title')}
          </h2>
          {verifiers.isError ? (
            <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
              <span>{t('pick.keysFailed')}</span>
              <Button variant="secondary" size="sm" onClick={() => void verifiers.refetch()}>
                {t('pick.retry')}
              </Button>
            </Alert>
          ) : null}
          <section
            aria-label={t('pick.drop')}
            onDragOver={(event) => {
              event.preventDefault();
              setIsDragging(true);
            }}
            onDragLeave={() => setIsDragging(false)}
            onDrop={onDrop}
            className={cn(
              'flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed px-4 py-8 text-center',
              isDragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white',
            )}
          >
            <Upload aria-hidden className="size-8 text-brand-700" />
            <p className="font-semibold text-slate-800">{t('pick.drop')}</p>
            <p className="text-sm text-slate-500">{t('pick.or')}</p>
            <label
              htmlFor={inputId}
              className={cn(
                'inline-flex cursor-pointer items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800',
                'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-700',
                !verifiers.isSuccess && 'pointer-events-none opacity-60',
              )}
            >
              <FileCheck2 aria-hidden className="size-5" />
              {t('pick.choose')}
              <input
                id={inputId}
                type="file"
                accept="application/json,.json"
                className="sr-only"
                disabled={!verifiers.isSuccess}
                onChange={(event) => {
                  void check(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </label>
            <p className="max-w-md text-sm text-slate-600">{t('pick.privacy')}</p>
          </section>

          <div aria-live="polite">
            {file ? (
              <p className="mb-3 text-sm text-slate-600">
                <span className="ltr-island">{t('pick.file', { name: file.name })}</span>
              </p>
            ) : null}
            {file && !file.verdict ? <p>{t('pick.checking')}</p> : null}
            {file?.verdict?.ok === false ? <ReceiptFailed verdict={file.verdict} /> : null}
            {file?.verdict?.ok ? <ReceiptProven verdict={file.verdict} /> : null}
          </div>
        </section>
      </div>
    </PublicPageLayout>
  );
}

function ReceiptFailed({ verdict }: { verdict: Extract<ReceiptVerdict, { ok: false }> }) {
  const { t } = useTranslation('receiptCheck');
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900">
      <h3 className="flex items-center gap-2 text-lg font-bold">
        <ShieldX aria-hidden className="size-6" />
        {t('failed.title')}
      </h3>
      <p className="mt-2">{t(`failed.${verdict.reason}`)}</p>
      {verdict.detail ? (
        <p className="mt-2 text-sm text-red-800">
          {t('failed.detail')}{' '}
          <span dir="ltr" className="font-mono">
            {verdict.detail}
          </span>
        </p>
      ) : null}
    </div>
  );
}

function ReceiptProven({ verdict }: { verdict: Extract<ReceiptVerdict, { ok: true }> }) {
  const { t } = useTranslation('receiptCheck');
  const ids = [...new Set(verdict.events.map((event) => event.organizationId))];
  const names = useOrganizationNames(ids);
  const nameOf = (id: string) => {
    const answer = names[ids.indexOf(id)];
    if (answer?.data) return answer.data.name;
    if (answer?.data === null || answer?.isError) return t('ok.unknownOrganization', { id });
    return '…';
  };
  const hasUse = verdict.events.some((event) => event.kind === 'used');
  return (
    <div
      role="status"
      className="rounded-2xl border border-green-200 bg-green-50 p-5 text-green-950"
    >
      <h3 className="flex items-center gap-2 text-lg font-bold text-green-900">
        <ShieldCheck aria-hidden className="size-6" />
        {t('ok.title')}
      </h3>
      <p className="mt-2">
        {t('ok.summary')} <span className="ltr-island font-mono">{verdict.tokenId}</span>:
      </p>
      <ol className="mt-4 space-y-4">
        {verdict.events.map((event) => (
          <ProvenEventItem
            key={`${event.kind}-${event.at}`}
            event={event}
            organization={nameOf(event.organizationId)}
          />
        ))}
      </ol>
      {!hasUse && !verdict.pending.includes('used') ? (
        <p className="mt-4 text-sm">{t('ok.notUsedYet')}</p>
      ) : null}
      {verdict.pending.map((kind) => (
        <p key={kind} className="mt-4 text-sm text-amber-900">
          {t('ok.pending', { kind: t(`kinds.${kind}`) })}
        </p>
      ))}
      <p className="mt-4 text-xs text-green-900">
        {t('ok.zone')} {t('ok.namesNote')}
      </p>
    </div>
  );
}

function ProvenEventItem({ event, organization }: { event: ProvenEvent; organization: string }) {
  const { t } = useTranslation('receiptCheck');
  const time = riyadhTime();
  const fields = event.fields.length
    ? fieldLabelList(event.fields, currentLanguage())
    : t('ok.noFields');
  return (
    <li className="rounded-xl border border-green-200 bg-white p-4">
      <p className="font-semibold">
        {t(`ok.${event.kind}`, {
          organization,
          at: time.format(new Date(event.at)),
          interpolation: { escapeValue: false },
        })}
      </p>
      <p className="mt-1 text-sm text-slate-700">
        {t('ok.fields', { fields, interpolation: { escapeValue: false } })}
      </p>
      <p className="mt-1 text-sm text-slate-700">
        {t('ok.signed', {
          id: formatCount(event.checkpoint.id),
          time: time.format(new Date(event.checkpoint.time)),
          origin: event.checkpoint.origin,
          size: formatCount(event.checkpoint.treeSize),
          interpolation: { escapeValue: false },
        })}
      </p>
    </li>
  );
}
