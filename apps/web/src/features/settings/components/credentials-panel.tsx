import { Eye, EyeOff, Info, KeyRound, RefreshCw, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { failureText } from '../../../lib/problem-text.ts';
import { fetchCredentials, rotateClientSecret } from '../api/credentials.ts';
import { valueBoxClasses } from './value-box.ts';

type Secret =
  | { status: 'hidden' }
  | { status: 'loading' }
  | { status: 'shown'; value: string; isNew: boolean }
  | { status: 'forbidden' }
  | { status: 'failed'; error: unknown };

/**
 * The client id, and the client secret: masked, fetched only when revealed and forgotten when
 * hidden (plain component state, never the query cache). Rotating asks first, because the old
 * secret stops working at once, then shows the new one.
 */
export function CredentialsPanel({
  organizationId,
  clientId,
}: {
  organizationId: string;
  clientId: string;
}) {
  const { t } = useTranslation('settings');
  const [secret, setSecret] = useState<Secret>({ status: 'hidden' });
  const [isConfirming, setIsConfirming] = useState(false);
  const [isRotating, setIsRotating] = useState(false);
  const [rotateError, setRotateError] = useState<unknown>();
  const [currentClientId, setCurrentClientId] = useState(clientId);

  const reveal = async () => {
    setSecret({ status: 'loading' });
    try {
      const credentials = await fetchCredentials(organizationId);
      setSecret({ status: 'shown', value: credentials.client_secret, isNew: false });
    } catch (error) {
      setSecret(
        error instanceof ApiError && error.status === 403
          ? { status: 'forbidden' }
          : { status: 'failed', error },
      );
    }
  };

  const rotate = async () => {
    setIsRotating(true);
    setRotateError(undefined);
    try {
      const credentials = await rotateClientSecret(organizationId);
      setCurrentClientId(credentials.client_id);
      setSecret({ status: 'shown', value: credentials.client_secret, isNew: true });
      setIsConfirming(false);
    } catch (error) {
      setRotateError(error);
    } finally {
      setIsRotating(false);
    }
  };

  const isShown = secret.status === 'shown';

  return (
    <section aria-labelledby="credentials-title" className="space-y-6">
      <div className="space-y-1">
        <h3 id="credentials-title" className="text-lg font-bold text-slate-900">
          {t('credentials.title')}
        </h3>
        <p className="max-w-3xl text-sm leading-relaxed text-slate-600">
          {t('credentials.description')}
        </p>
      </div>

      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-800">{t('credentials.clientId')}</p>
        <div className="flex flex-wrap items-center gap-2">
          <code className={valueBoxClasses}>{currentClientId}</code>
          <CopyButton value={currentClientId} label={t('credentials.copyClientId')} />
        </div>
      </div>

      <div className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-medium text-slate-800">{t('credentials.clientSecret')}</p>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t(isShown ? 'credentials.hideLabel' : 'credentials.revealLabel')}
            disabled={secret.status === 'loading'}
            onClick={() => (isShown ? setSecret({ status: 'hidden' }) : void reveal())}
          >
            {isShown ? (
              <EyeOff aria-hidden className="size-4" />
            ) : (
              <Eye aria-hidden className="size-4" />
            )}
            {t(isShown ? 'credentials.hide' : 'credentials.reveal')}
          </Button>
        </div>
        {secret.status === 'shown' ? (
          <div className="space-y-2">
            {secret.isNew ? (
              <Alert tone="success" className="flex items-start gap-2">
                <KeyRound aria-hidden className="mt-0.5 size-4 shrink-0" />
                <span>{t('credentials.rotated')}</span>
              </Alert>
            ) : null}
            <div className="flex flex-wrap items-center gap-2">
              <code className={valueBoxClasses}>{secret.value}</code>
              <CopyButton value={secret.value} label={t('credentials.copySecret')} />
            </div>
          </div>
        ) : (
          <p className={valueBoxClasses}>
            <span aria-hidden>{'•'.repeat(32)}</span>
            <span className="sr-only">{t('credentials.masked')}</span>
          </p>
        )}
        {secret.status === 'loading' ? (
          <p role="status" className="text-sm text-slate-600">
            {t('credentials.revealing')}
          </p>
        ) : null}
        {secret.status === 'forbidden' ? (
          <Alert tone="info" className="flex items-start gap-2">
            <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>{t('credentials.ownersOnly')}</span>
          </Alert>
        ) : null}
        {secret.status === 'failed' ? (
          <Alert tone="error">{failureText(t('credentials.revealFailed'), secret.error)}</Alert>
        ) : null}
      </div>

      <div className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50/60 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2 text-sm leading-relaxed text-amber-900">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('credentials.rotateHint')}
        </p>
        <Button
          variant="secondary"
          className="shrink-0"
          onClick={() => {
            setRotateError(undefined);
            setIsConfirming(true);
          }}
        >
          <RefreshCw aria-hidden className="size-4" />
          {t('credentials.rotate')}
        </Button>
      </div>

      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('credentials.rotateConfirm.title')}
        description={t('credentials.rotateConfirm.body')}
        confirmLabel={t('credentials.rotateConfirm.confirm')}
        pendingLabel={t('credentials.rotateConfirm.pending')}
        cancelLabel={t('actions.cancel')}
        isPending={isRotating}
        onConfirm={() => void rotate()}
      >
        {rotateError ? (
          <Alert tone="error">{failureText(t('credentials.rotateFailed'), rotateError)}</Alert>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
