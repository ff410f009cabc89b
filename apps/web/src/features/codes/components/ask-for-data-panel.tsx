import { can, fieldLabel, type MemberRole } from '@tanqin/shared';
import { Inbox } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useRegisteredEncryptionKey } from '../api/codes-queries.ts';
import { useAskForData } from '../api/requests-queries.ts';
import { useHeldKey } from './held-key.tsx';
import { KeyFirst } from './key-first.tsx';
import { OpenRequests } from './open-requests.tsx';
import { type DoubleLock, ShownRequest } from './shown-request.tsx';

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

type Problem = 'fields' | 'purpose' | 'lock';

/**
 * Journey step 1 (issue 33): staff ask for data (fields, purpose, expiry); the screen shows the
 * request's QR and its match number, large, and the data appears by itself once the person
 * answers from an issuer's app: no code to type. With the double lock the private key file is
 * chosen (and checked against the registered key) before asking: the answer's code is used only
 * once the file that opens its data is in this page.
 */
export function AskForDataPanel({
  organizationId,
  role,
}: {
  organizationId: string;
  role: MemberRole;
}) {
  const { t } = useTranslation('codes');
  const mayVerify = can(role, 'codes:verify');
  const ask = useAskForData(organizationId);
  const lockQuery = useRegisteredEncryptionKey(organizationId, mayVerify);
  const [heldKey, setHeldKey] = useHeldKey();
  const keyInputRef = useRef<HTMLInputElement>(null);
  const [isKeyNeeded, setIsKeyNeeded] = useState(false);
  const [fields, setFields] = useState<string[]>(['full_name', 'national_id']);
  const [purpose, setPurpose] = useState('');
  const [expiresIn, setExpiresIn] = useState<number>(600);
  const [problem, setProblem] = useState<Problem>();
  const [shownId, setShownId] = useState<string>();

  if (!mayVerify) return null;

  const registeredKey = lockQuery.data?.public_key ?? null;
  const lock: DoubleLock = {
    registeredKey,
    isKnown: lockQuery.isSuccess,
    isUnknown: lockQuery.isError,
    retry: () => void lockQuery.refetch(),
    usableKey: heldKey && heldKey.publicKey === registeredKey ? heldKey : undefined,
    onHeld: (held) => {
      setHeldKey(held);
      if (held) setIsKeyNeeded(false);
    },
  };

  const toggle = (name: string) =>
    setFields((current) =>
      current.includes(name) ? current.filter((field) => field !== name) : [...current, name],
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (ask.isPending || lockQuery.isPending) return;
    if (fields.length === 0) return setProblem('fields');
    if (!purpose.trim()) return setProblem('purpose');
    // Whether answers come double locked is known before asking, never after.
    if (lockQuery.isError) return setProblem('lock');
    setProblem(undefined);
    if (registeredKey && !lock.usableKey) {
      setIsKeyNeeded(true);
      keyInputRef.current?.focus();
      return;
    }
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
          {registeredKey ? (
            <KeyFirst
              registeredKey={registeredKey}
              held={lock.usableKey}
              onHeld={lock.onHeld}
              isNeeded={isKeyNeeded}
              inputRef={keyInputRef}
              body={t('ask.lockBody')}
              neededText={t('ask.keyNeeded')}
            />
          ) : null}
          <Button
            type="submit"
            disabled={ask.isPending || lockQuery.isPending}
            aria-busy={ask.isPending}
          >
            {ask.isPending ? t('ask.submitting') : t('ask.submit')}
          </Button>
          {problem === 'lock' ? (
            <Alert tone="error">
              {t('ask.lockUnknown')}
              <Button
                type="button"
                variant="secondary"
                size="sm"
                className="ms-3"
                onClick={() => {
                  setProblem(undefined);
                  lock.retry();
                }}
              >
                {t('list.retry')}
              </Button>
            </Alert>
          ) : null}
          {ask.isError ? <Alert tone="error">{t('ask.failed')}</Alert> : null}
        </form>
      </Card>
      {shownId ? (
        <ShownRequest
          key={shownId}
          organizationId={organizationId}
          requestId={shownId}
          lock={lock}
          onClose={() => setShownId(undefined)}
        />
      ) : null}
      <OpenRequests organizationId={organizationId} onShow={setShownId} shownId={shownId} />
    </div>
  );
}
