import { can, type MemberRole, type StaffVerifyResult } from '@tanqin/shared';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useRegisteredEncryptionKey, useVerifyCode } from '../api/codes-queries.ts';
import { type CodeInputProblem, codeInputProblem, formatCodeInput } from '../code-input.ts';
import { CodeScanner } from './code-scanner.tsx';
import { DecryptedCard } from './decrypted-card.tsx';
import { useHeldKey } from './held-key.tsx';
import { KeyFileStep, openSealed } from './key-file-step.tsx';
import { KeyFirst } from './key-first.tsx';

const KNOWN_ERRORS = [
  'token_used',
  'token_expired',
  'token_revoked',
  'token_not_found',
  'token_malformed',
  'subject_locked',
  'forbidden',
] as const;
type KnownError = (typeof KNOWN_ERRORS)[number] | 'fallback' | 'lock_unknown';

function errorKind(error: unknown): KnownError {
  if (error instanceof ApiError && (KNOWN_ERRORS as readonly string[]).includes(error.code))
    return error.code as KnownError;
  return 'fallback';
}

/**
 * Journey step 4: staff type the code the customer shared, see the data once, then clear it.
 * A mistyped code is caught by its check character before any request. When the organisation
 * registered a double-lock key, its private key file is chosen and checked first: a code is
 * used only when its data can be opened here.
 */
export function VerifyCodePanel({
  organizationId,
  role,
}: {
  organizationId: string;
  role: MemberRole;
}) {
  const { t } = useTranslation('codes');
  const verify = useVerifyCode(organizationId);
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<CodeInputProblem>();
  const [failure, setFailure] = useState<KnownError>();
  const [result, setResult] = useState<StaffVerifyResult>();
  const [isCleared, setIsCleared] = useState(false);
  const mayVerify = can(role, 'codes:verify');
  const lock = useRegisteredEncryptionKey(organizationId, mayVerify);
  const keyInputRef = useRef<HTMLInputElement>(null);
  const [heldKey, setHeldKey] = useHeldKey();
  const [isKeyNeeded, setIsKeyNeeded] = useState(false);
  const [heldKeyFailed, setHeldKeyFailed] = useState(false);
  const registeredKey = lock.data?.public_key ?? null;
  const usableKey = heldKey && heldKey.publicKey === registeredKey ? heldKey : undefined;

  if (!mayVerify) {
    return (
      <Card className="p-5">
        <Alert tone="info">{t('verify.notAllowed')}</Alert>
      </Card>
    );
  }

  const onChange = (typed: string) => {
    const formatted = formatCodeInput(typed);
    setValue(formatted);
    setProblem(codeInputProblem(formatted, true));
    setFailure(undefined);
    setIsCleared(false);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    const found = codeInputProblem(value);
    setProblem(found);
    if (found) {
      inputRef.current?.focus();
      return;
    }
    // Whether the data comes double locked is known before the code is used, never after.
    if (lock.isPending) return;
    if (lock.isError) {
      setFailure('lock_unknown');
      return;
    }
    if (registeredKey && !usableKey) {
      setIsKeyNeeded(true);
      keyInputRef.current?.focus();
      return;
    }
    setFailure(undefined);
    // The previous person's data leaves the screen the moment another code is submitted.
    setResult(undefined);
    setHeldKeyFailed(false);
    setIsCleared(false);
    verify.mutate(value, {
      onSuccess: async (answer) => {
        setValue('');
        if (!('encryption' in answer) || !usableKey) {
          setResult(answer);
          return;
        }
        try {
          setResult(await openSealed(answer, usableKey.privateKey));
        } catch {
          // Sealed to an earlier key of the organisation: kept here until its file is chosen.
          setHeldKeyFailed(true);
          setResult(answer);
        }
      },
      onError: (error) => setFailure(errorKind(error)),
    });
  };

  const clear = () => {
    setResult(undefined);
    verify.reset();
    setIsCleared(true);
    inputRef.current?.focus();
  };

  return (
    <div className="space-y-4">
      <Card className="p-5">
        <h3 className="mb-4 flex items-center gap-2 text-base font-bold text-slate-900">
          <KeyRound aria-hidden className="size-5 text-brand-700" />
          {t('verify.title')}
        </h3>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <TextField
            ref={inputRef}
            label={t('verify.label')}
            hint={t('verify.hint')}
            error={problem ? t(`input.${problem}`) : undefined}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            dir="ltr"
            name="token"
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            placeholder="XXXX-XXXX-XXXX-XXXX-C"
            className="text-start font-mono text-lg tracking-wider"
          />
          {registeredKey ? (
            <KeyFirst
              registeredKey={registeredKey}
              held={usableKey}
              onHeld={(held) => {
                setHeldKey(held);
                if (held) setIsKeyNeeded(false);
              }}
              isNeeded={isKeyNeeded}
              inputRef={keyInputRef}
            />
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="submit"
              disabled={verify.isPending || lock.isPending}
              aria-busy={verify.isPending}
            >
              {verify.isPending ? t('verify.submitting') : t('verify.submit')}
            </Button>
            <CodeScanner value={value} onCode={onChange} />
          </div>
        </form>
        {failure ? (
          <Alert tone="error" className="mt-4">
            {t(`errors.${failure}`)}
            {failure === 'lock_unknown' ? (
              <Button
                variant="secondary"
                size="sm"
                className="ms-3"
                onClick={() => {
                  setFailure(undefined);
                  void lock.refetch();
                }}
              >
                {t('list.retry')}
              </Button>
            ) : null}
          </Alert>
        ) : null}
        {isCleared ? (
          <p role="status" className="mt-4 text-sm text-slate-600">
            {t('result.cleared')}
          </p>
        ) : null}
      </Card>
      {result && 'encryption' in result ? (
        <KeyFileStep sealed={result} heldKeyFailed={heldKeyFailed} onOpened={setResult} />
      ) : result ? (
        <DecryptedCard result={result} onClear={clear} />
      ) : null}
    </div>
  );
}
