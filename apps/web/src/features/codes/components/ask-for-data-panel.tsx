import {
  can,
  fieldLabel,
  type MemberRole,
  type StaffVerifyResult,
  type VerificationRequest,
} from '@tanqin/shared';
import { Inbox, X } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkQr } from '../../../components/link-qr.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useVerifyCode } from '../api/codes-queries.ts';
import {
  useAskForData,
  useCancelRequest,
  useOpenRequests,
  useRequest,
} from '../api/requests-queries.ts';
import { formatTime } from '../format.ts';
import { DecryptedCard } from './decrypted-card.tsx';
import { KeyFileStep } from './key-file-step.tsx';

/** The fields a counter asks for most; the catalogue gives their labels. */
const COMMON_FIELDS = [
  'full_name',
  'national_id',
  'birth_date',
  'phone',
  'email',
  'address',
  'nationality',
  'iban',
] as const;
const LIFETIMES = [300, 600, 1800, 3600] as const;

/**
 * Journey step 1 (issue 33): staff ask for data (fields, purpose, expiry); the screen shows the
 * request's QR and its match number, large, and the data appears by itself once the person
 * answers from an issuer's app: no code to type.
 */
export function AskForDataPanel({
  organizationId,
  role,
}: {
  organizationId: string;
  role: MemberRole;
}) {
  const { t } = useTranslation('codes');
  const ask = useAskForData(organizationId);
  const [fields, setFields] = useState<string[]>(['full_name', 'national_id']);
  const [purpose, setPurpose] = useState('');
  const [expiresIn, setExpiresIn] = useState<number>(600);
  const [problem, setProblem] = useState<'fields' | 'purpose'>();
  const [shownId, setShownId] = useState<string>();

  if (!can(role, 'codes:verify')) return null;

  const toggle = (name: string) =>
    setFields((current) =>
      current.includes(name) ? current.filter((field) => field !== name) : [...current, name],
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (ask.isPending) return;
    if (fields.length === 0) return setProblem('fields');
    if (!purpose.trim()) return setProblem('purpose');
    setProblem(undefined);
    ask.mutate(
      { fields, purpose: purpose.trim(), expires_in: expiresIn },
      { onSuccess: (created) => setShownId(created.request_id) },
    );
  };

  const language = currentLanguage();
  return (
    <div className="space-y-4">
      <Card className="p-5">
        <h3 className="mb-1 flex items-center gap-2 text-base font-bold text-slate-900">
          <Inbox aria-hidden className="size-5 text-brand-700" />
          {t('ask.title')}
        </h3>
        <p className="mb-4 text-sm text-slate-600">{t('ask.intro')}</p>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-slate-800">{t('ask.fields')}</legend>
            <div className="flex flex-wrap gap-2">
              {COMMON_FIELDS.map((name) => (
                <label
                  key={name}
                  className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-1.5 text-sm"
                >
                  <input
                    type="checkbox"
                    checked={fields.includes(name)}
                    onChange={() => toggle(name)}
                  />
                  {fieldLabel(name, language)}
                </label>
              ))}
            </div>
            {problem === 'fields' ? (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {t('ask.fieldsRequired')}
              </p>
            ) : null}
          </fieldset>
          <TextField
            label={t('ask.purpose')}
            hint={t('ask.purposeHint')}
            name="purpose"
            value={purpose}
            maxLength={200}
            error={problem === 'purpose' ? t('ask.purposeRequired') : undefined}
            onChange={(event) => setPurpose(event.target.value)}
          />
          <SelectField
            label={t('ask.expiresIn')}
            value={expiresIn}
            onChange={(event) => setExpiresIn(Number(event.target.value))}
          >
            {LIFETIMES.map((seconds) => (
              <option key={seconds} value={seconds}>
                {t('ask.minutes', { count: seconds / 60 })}
              </option>
            ))}
          </SelectField>
          <Button type="submit" disabled={ask.isPending} aria-busy={ask.isPending}>
            {ask.isPending ? t('ask.submitting') : t('ask.submit')}
          </Button>
          {ask.isError ? <Alert tone="error">{t('ask.failed')}</Alert> : null}
        </form>
      </Card>
      {shownId ? (
        <ShownRequest
          key={shownId}
          organizationId={organizationId}
          requestId={shownId}
          onClose={() => setShownId(undefined)}
        />
      ) : null}
      <OpenRequests organizationId={organizationId} onShow={setShownId} shownId={shownId} />
    </div>
  );
}

/** One request on screen: its QR and number while pending, the data once answered. */
function ShownRequest({
  organizationId,
  requestId,
  onClose,
}: {
  organizationId: string;
  requestId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('codes');
  const request = useRequest(organizationId, requestId);
  const verify = useVerifyCode(organizationId);
  const [result, setResult] = useState<StaffVerifyResult>();
  const collected = useRef(false);
  const token = request.data?.token;

  // The code arrives with the request: it is verified once, at once, nobody types it.
  useEffect(() => {
    if (!token || collected.current) return;
    collected.current = true;
    verify.mutate(token, { onSuccess: setResult });
  }, [token, verify]);

  const data = request.data;
  if (!data) return null;
  return (
    <Card className="p-5" aria-live="polite">
      <div className="mb-3 flex items-start justify-between gap-2">
        <div>
          <h3 className="text-base font-bold text-slate-900">{t('ask.shownTitle')}</h3>
          <p className="text-sm text-slate-600">
            {t('ask.purposeShown', {
              purpose: data.purpose,
              interpolation: { escapeValue: false },
            })}
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label={t('ask.close')}>
          <X aria-hidden className="size-4" />
        </Button>
      </div>
      {data.status === 'pending' ? (
        <div className="flex flex-wrap items-center gap-6">
          <LinkQr url={data.link} alt={t('ask.qrAlt')} />
          <div className="space-y-2">
            <p className="text-sm font-semibold text-slate-700">{t('ask.matchNumber')}</p>
            <p
              data-testid="match-number"
              dir="ltr"
              className="text-7xl font-bold tracking-widest text-brand-800"
            >
              {data.match_number}
            </p>
            <p className="max-w-xs text-sm text-slate-600">{t('ask.matchHint')}</p>
            <p className="text-xs text-slate-500">
              {t('ask.until', { time: formatTime(data.expires_at) })}
            </p>
            <a href={data.link} dir="ltr" className="block break-all text-xs text-brand-800">
              {data.link}
            </a>
          </div>
        </div>
      ) : null}
      {data.status === 'fulfilled' && !result ? (
        <p role="status" className="text-sm text-slate-700">
          {verify.isError ? t('ask.collectFailed') : t('ask.collecting')}
        </p>
      ) : null}
      {data.status === 'expired' || data.status === 'cancelled' ? (
        <Alert tone="info">{t(`ask.closed.${data.status}`)}</Alert>
      ) : null}
      {result && 'encryption' in result ? (
        <KeyFileStep sealed={result} heldKeyFailed={false} onOpened={setResult} />
      ) : result ? (
        <DecryptedCard result={result} onClear={onClose} />
      ) : null}
    </Card>
  );
}

/** The organisation's open requests: shown again, or cancelled. */
function OpenRequests({
  organizationId,
  shownId,
  onShow,
}: {
  organizationId: string;
  shownId: string | undefined;
  onShow: (id: string) => void;
}) {
  const { t } = useTranslation('codes');
  const open = useOpenRequests(organizationId);
  const cancel = useCancelRequest(organizationId);
  const requests: VerificationRequest[] = open.data?.requests ?? [];
  if (requests.length === 0) return null;
  return (
    <Card className="p-5">
      <h3 className="mb-3 text-base font-bold text-slate-900">{t('ask.openTitle')}</h3>
      <ul className="divide-y divide-slate-100">
        {requests.map((request) => (
          <li key={request.request_id} className="flex flex-wrap items-center gap-3 py-2">
            <span className="min-w-0 flex-1 text-sm text-slate-800">
              {request.purpose}
              <span className="ms-2 text-xs text-slate-500">
                {t('ask.until', { time: formatTime(request.expires_at) })}
              </span>
            </span>
            {request.request_id !== shownId ? (
              <Button variant="secondary" size="sm" onClick={() => onShow(request.request_id)}>
                {t('ask.show')}
              </Button>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate(request.request_id)}
            >
              {t('ask.cancel')}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
