import type { NetworkCheck } from '@tanqin/shared';
import { CircleCheck, CircleMinus, CircleX } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { useConsoleMode } from '../../../lib/console-mode.ts';
import { countryName } from '../../../lib/country-name.ts';
import { failureText } from '../../../lib/problem-text.ts';
import { useNetworkCheck } from '../api/country-policy.ts';
import { useApiKeys } from '../api/get-api-keys.ts';

const ICONS = { pass: CircleCheck, refuse: CircleX, off: CircleMinus } as const;
const TONES = { pass: 'text-green-700', refuse: 'text-red-700', off: 'text-slate-400' } as const;

function Verdict({ result }: { result: NetworkCheck }) {
  const { t } = useTranslation('security');
  const country = result.country ? countryName(result.country) : null;
  return (
    <div className="space-y-3" aria-live="polite">
      <p
        className={`flex items-start gap-2 rounded-xl border p-4 text-sm font-semibold ${
          result.allowed
            ? 'border-green-200 bg-green-50 text-green-900'
            : 'border-red-200 bg-red-50 text-red-900'
        }`}
      >
        {result.allowed ? (
          <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0" />
        ) : (
          <CircleX aria-hidden className="mt-0.5 size-5 shrink-0" />
        )}
        {result.allowed
          ? t('addressCheck.passes', { ip: result.ip_address })
          : t('addressCheck.refused', {
              ip: result.ip_address,
              rule: t(`addressCheck.rules.${result.decided_by}`),
            })}
      </p>
      <p className="text-sm text-slate-600">
        {country ? t('addressCheck.country', { country }) : t('addressCheck.noCountry')}
      </p>
      <ol className="space-y-2">
        {result.checks.map((check) => {
          const Icon = ICONS[check.outcome];
          return (
            <li key={check.rule} className="flex items-start gap-2 text-sm">
              <Icon aria-hidden className={`mt-0.5 size-4 shrink-0 ${TONES[check.outcome]}`} />
              <span>
                <span className="font-semibold text-slate-900">
                  {t(`addressCheck.rules.${check.rule}`)}
                </span>
                {' · '}
                <span className="text-slate-700">{t(`addressCheck.reasons.${check.reason}`)}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** "Test an address": whether a /v1 call from it would pass every rule, and which one decides. */
export function AddressCheck({
  organizationId,
  canListKeys,
}: {
  organizationId: string;
  canListKeys: boolean;
}) {
  const { t } = useTranslation('security');
  const keys = useApiKeys(organizationId, useConsoleMode(), { enabled: canListKeys });
  const check = useNetworkCheck();
  const [ip, setIp] = useState('');
  const [keyId, setKeyId] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ip.trim()) return;
    check.mutate({ ip_address: ip.trim(), api_key_id: keyId || null });
  };

  return (
    <Card className="space-y-4 p-5">
      <div className="space-y-1">
        <h4 className="text-base font-bold text-slate-900">{t('addressCheck.title')}</h4>
        <p className="max-w-2xl text-sm text-slate-600">{t('addressCheck.body')}</p>
      </div>
      <form
        noValidate
        onSubmit={onSubmit}
        className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]"
      >
        <TextField
          label={t('addressCheck.ip')}
          value={ip}
          onChange={(event) => setIp(event.target.value)}
          dir="ltr"
          placeholder="203.0.113.7"
          className="text-start font-mono"
          autoComplete="off"
        />
        {canListKeys ? (
          <SelectField
            label={t('addressCheck.key')}
            value={keyId}
            onChange={(event) => setKeyId(event.target.value)}
          >
            <option value="">{t('addressCheck.anyKey')}</option>
            {keys.data?.map((key) => (
              <option key={key.id} value={key.id}>
                {key.key_name}
              </option>
            ))}
          </SelectField>
        ) : (
          <span />
        )}
        <Button type="submit" disabled={check.isPending || !ip.trim()}>
          {check.isPending ? t('addressCheck.checking') : t('addressCheck.submit')}
        </Button>
      </form>
      {check.isError ? (
        <Alert tone="error">{failureText(t('addressCheck.failed'), check.error)}</Alert>
      ) : null}
      {check.data ? <Verdict result={check.data} /> : null}
    </Card>
  );
}
