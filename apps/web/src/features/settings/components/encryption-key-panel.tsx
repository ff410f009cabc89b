import { can, type EncryptionKeyState, type MemberRole } from '@tanqin/shared';
import { Info, KeyRound, LockKeyhole, Trash2, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { generateEncryptionKeyPair, keyFingerprint } from '../../../lib/double-lock.ts';
import { failureText } from '../../../lib/problem-text.ts';
import { useChangeEncryptionKey, useEncryptionKey } from '../api/encryption-key.ts';
import { formatLongDate } from '../format.ts';
import { type GeneratedPair, GenerateKeyDialog } from './generate-key-dialog.tsx';
import { LoadFailed } from './load-failed.tsx';
import { PasteKeyForm } from './paste-key-form.tsx';
import { valueBoxClasses } from './value-box.ts';

function useFingerprint(publicKey: string | null) {
  const [fingerprint, setFingerprint] = useState<string>();
  useEffect(() => {
    setFingerprint(undefined);
    if (publicKey) void keyFingerprint(publicKey).then(setFingerprint);
  }, [publicKey]);
  return fingerprint;
}

function RegisteredKey({
  state,
  onRemove,
}: {
  state: EncryptionKeyState & { public_key: string };
  onRemove?: () => void;
}) {
  const { t } = useTranslation('settings');
  const fingerprint = useFingerprint(state.public_key);
  return (
    <div className="space-y-4 rounded-xl border border-brand-700/20 bg-brand-50/40 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <p className="flex items-center gap-2 font-bold text-slate-900">
            <LockKeyhole aria-hidden className="size-4 text-brand-700" />
            {t('encryptionKey.current')}
          </p>
          {state.updated_at ? (
            <p className="text-sm text-slate-600">
              {t('encryptionKey.registeredAt', { date: formatLongDate(state.updated_at) })}
            </p>
          ) : null}
        </div>
        {onRemove ? (
          <Button variant="ghost" size="sm" className="text-red-700" onClick={onRemove}>
            <Trash2 aria-hidden className="size-4" />
            {t('encryptionKey.remove')}
          </Button>
        ) : null}
      </div>
      <dl className="space-y-3">
        <div className="space-y-1">
          <dt className="text-sm font-medium text-slate-800">{t('encryptionKey.fingerprint')}</dt>
          <dd dir="ltr" className={valueBoxClasses}>
            {fingerprint ?? '…'}
          </dd>
        </div>
        <div className="space-y-1">
          <dt className="text-sm font-medium text-slate-800">{t('encryptionKey.publicKey')}</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <code dir="ltr" className={valueBoxClasses}>
              {state.public_key}
            </code>
            <CopyButton value={state.public_key} label={t('encryptionKey.copyPublicKey')} />
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** The two ways to register (or replace) the key: made here, or pasted. */
function RegisterKey({
  organizationId,
  isReplacing,
  onRegistered,
}: {
  organizationId: string;
  isReplacing: boolean;
  onRegistered: () => void;
}) {
  const { t } = useTranslation('settings');
  const [pair, setPair] = useState<GeneratedPair>();
  const [hasGenerationFailed, setHasGenerationFailed] = useState(false);

  const generate = async () => {
    setHasGenerationFailed(false);
    try {
      const made = await generateEncryptionKeyPair();
      setPair({ ...made, fingerprint: await keyFingerprint(made.publicKey) });
    } catch {
      setHasGenerationFailed(true);
    }
  };

  return (
    <section aria-labelledby="register-key-title" className="space-y-3">
      <h4 id="register-key-title" className="font-bold text-slate-900">
        {t(isReplacing ? 'encryptionKey.replaceTitle' : 'encryptionKey.registerTitle')}
      </h4>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-3 rounded-xl border border-slate-200 p-4">
          <p className="font-semibold text-slate-900">{t('encryptionKey.generate.title')}</p>
          <p className="text-sm leading-relaxed text-slate-600">
            {t('encryptionKey.generate.body')}
          </p>
          {hasGenerationFailed ? (
            <Alert tone="error">{t('encryptionKey.generate.failed')}</Alert>
          ) : null}
          <Button onClick={() => void generate()}>
            <KeyRound aria-hidden className="size-4" />
            {t('encryptionKey.generate.button')}
          </Button>
        </div>
        <div className="space-y-3 rounded-xl border border-slate-200 p-4">
          <p className="font-semibold text-slate-900">{t('encryptionKey.paste.title')}</p>
          <p className="text-sm leading-relaxed text-slate-600">{t('encryptionKey.paste.body')}</p>
          <PasteKeyForm organizationId={organizationId} onRegistered={onRegistered} />
        </div>
      </div>
      {pair ? (
        <GenerateKeyDialog
          organizationId={organizationId}
          pair={pair}
          onClose={() => setPair(undefined)}
          onRegistered={() => {
            setPair(undefined);
            onRegistered();
          }}
        />
      ) : null}
    </section>
  );
}

/**
 * The double lock's key (issue 24): the organisation's X25519 public key, its fingerprint and
 * date; owners and admins register, replace or remove it. Private keys stay in the browser.
 */
export function EncryptionKeyPanel({
  organizationId,
  role,
}: {
  organizationId: string;
  role: MemberRole;
}) {
  const { t } = useTranslation('settings');
  const canManage = can(role, 'settings:manage');
  const key = useEncryptionKey(organizationId, canManage);
  const remove = useChangeEncryptionKey(organizationId);
  const [isConfirming, setIsConfirming] = useState(false);
  const [notice, setNotice] = useState<'registered' | 'removed'>();

  let body: ReactNode;
  if (!canManage) {
    body = (
      <Alert tone="info" className="flex items-start gap-2">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>{t('encryptionKey.managersOnly')}</span>
      </Alert>
    );
  } else if (key.isPending) {
    body = (
      <div aria-busy className="space-y-3">
        <p role="status" className="sr-only">
          {t('common:loading')}
        </p>
        <div className="h-24 animate-pulse rounded-xl bg-slate-100" />
      </div>
    );
  } else if (key.isError) {
    body = (
      <LoadFailed
        message={t('encryptionKey.loadFailed')}
        error={key.error}
        onRetry={() => void key.refetch()}
        isRetrying={key.isFetching}
      />
    );
  } else {
    const state = key.data;
    body = (
      <>
        {notice ? <Alert tone="success">{t(`encryptionKey.${notice}`)}</Alert> : null}
        {state.public_key ? (
          <RegisteredKey
            state={{ ...state, public_key: state.public_key }}
            onRemove={() => {
              remove.reset();
              setIsConfirming(true);
            }}
          />
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4 text-sm text-slate-700">
            {t('encryptionKey.none')}
          </p>
        )}
        <RegisterKey
          organizationId={organizationId}
          isReplacing={Boolean(state.public_key)}
          onRegistered={() => setNotice('registered')}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="encryption-key-title" className="space-y-5">
      <div className="space-y-1">
        <h3 id="encryption-key-title" className="text-lg font-bold text-slate-900">
          {t('encryptionKey.title')}
        </h3>
        <p className="max-w-3xl text-sm leading-relaxed text-slate-600">
          {t('encryptionKey.description')}
        </p>
      </div>
      <ul className="space-y-2 text-sm leading-relaxed text-amber-900">
        {(['rotationNote', 'lossNote'] as const).map((note) => (
          <li
            key={note}
            className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50/60 p-3"
          >
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t(`encryptionKey.${note}`)}
          </li>
        ))}
      </ul>
      {body}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('encryptionKey.removeConfirm.title')}
        description={t('encryptionKey.removeConfirm.body')}
        confirmLabel={t('encryptionKey.removeConfirm.confirm')}
        pendingLabel={t('encryptionKey.removeConfirm.pending')}
        cancelLabel={t('actions.cancel')}
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(null, {
            onSuccess: () => {
              setIsConfirming(false);
              setNotice('removed');
            },
          })
        }
      >
        {remove.isError ? (
          <Alert tone="error">{failureText(t('encryptionKey.removeFailed'), remove.error)}</Alert>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
