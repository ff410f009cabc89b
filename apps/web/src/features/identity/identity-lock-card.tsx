import type { IdentityStatus } from '@tanqin/shared';
import { Lock, LockOpen } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { failureReason } from '../../lib/problem-text.ts';
import { formatDateTime } from '../personal-dashboard/format.ts';
import { useSetIdentityLock } from './api.ts';

/** Unlocking proves it is the owner: the password, and the two-step code when it is on. */
function UnlockDialog({ twoFactor, onClose }: { twoFactor: boolean; onClose: () => void }) {
  const { t } = useTranslation('identity');
  const unlock = useSetIdentityLock();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    unlock.mutate(
      { locked: false, password, ...(twoFactor && { code }) },
      {
        onSuccess: () => {
          toast.success(t('lock.unlocked'));
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('lock.dialogTitle')}
      description={twoFactor ? t('lock.dialogBodyTwoFactor') : t('lock.dialogBody')}
    >
      <form className="space-y-4" onSubmit={submit} noValidate>
        <TextField
          label={t('lock.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        {twoFactor ? (
          <TextField
            label={t('lock.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            required
          />
        ) : null}
        {unlock.isError ? <Alert tone="error">{failureReason(unlock.error)}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('lock.cancel')}
          </Button>
          <Button type="submit" disabled={unlock.isPending}>
            {unlock.isPending ? t('lock.unlocking') : t('lock.unlock')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

const placeholder = 'inline-block animate-pulse rounded bg-slate-200/70 align-middle';

/**
 * The national id's lock, like a credit freeze: while on, no body can issue a code for it or use
 * one issued for it before; the card says so, on or off. Before its state is known (the
 * dashboard's pre-rendered frame, then while the status loads) it says what the lock covers,
 * the same either way, with placeholders where the state and its button go, at their size; the
 * same elements then take the state, so nothing moves.
 */
export function IdentityLockCard({ status }: { status: IdentityStatus | undefined }) {
  const { t } = useTranslation('identity');
  const lock = useSetIdentityLock();
  const [unlocking, setUnlocking] = useState(false);
  const Icon = status?.locked ? Lock : LockOpen;

  return (
    <section
      aria-busy={status ? undefined : true}
      aria-labelledby="identity-lock-title"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-center"
    >
      <span
        className={
          status?.locked
            ? 'flex size-11 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800'
            : 'flex size-11 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600'
        }
      >
        {status ? <Icon aria-hidden className="size-5" /> : null}
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <h2 id="identity-lock-title" className="font-bold text-slate-900">
          {!status ? (
            <>
              <span className="sr-only">{t('lock.loading')}</span>
              <span aria-hidden className={`${placeholder} h-5 w-40`} />
            </>
          ) : status.locked ? (
            t('lock.titleOn')
          ) : (
            t('lock.titleOff')
          )}
        </h2>
        <p className="text-sm leading-relaxed text-slate-600">
          {!status ? (
            <span aria-hidden className={`${placeholder} h-4 w-3/4`} />
          ) : status.locked && status.locked_at ? (
            t('lock.bodyOn', { date: formatDateTime(status.locked_at) })
          ) : (
            t('lock.bodyOff')
          )}
        </p>
        <p className="text-sm leading-relaxed text-slate-600">{t('lock.covers')}</p>
        {lock.isError ? <Alert tone="error">{failureReason(lock.error)}</Alert> : null}
      </div>
      {!status ? (
        <span aria-hidden className={`${placeholder} h-10 w-full shrink-0 rounded-lg sm:w-32`} />
      ) : status.locked ? (
        <Button variant="secondary" onClick={() => setUnlocking(true)} className="shrink-0">
          {t('lock.unlock')}
        </Button>
      ) : (
        <Button
          className="shrink-0"
          disabled={lock.isPending}
          onClick={() =>
            lock.mutate({ locked: true }, { onSuccess: () => toast.success(t('lock.lockedDone')) })
          }
        >
          {lock.isPending ? t('lock.locking') : t('lock.lock')}
        </Button>
      )}
      {unlocking && status ? (
        <UnlockDialog twoFactor={status.unlock_needs_code} onClose={() => setUnlocking(false)} />
      ) : null}
    </section>
  );
}
