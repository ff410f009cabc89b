import type { StaffVerifyResult } from '@tanqin/shared';
import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkQr } from '../../../components/link-qr.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useVerifyCode } from '../api/codes-queries.ts';
import { requestKeys, useRequest } from '../api/requests-queries.ts';
import { formatTime } from '../format.ts';
import { DecryptedCard } from './decrypted-card.tsx';
import { KeyFileStep, openSealed } from './key-file-step.tsx';
import { type HeldKey, KeyFirst } from './key-first.tsx';

/** The organisation's double lock as the ask panel knows it. */
export interface DoubleLock {
  /** The registered public key; null without the double lock. */
  registeredKey: string | null;
  /** Whether there is a registered key is known. */
  isKnown: boolean;
  /** It could not be read: no code is used until it is. */
  isUnknown: boolean;
  retry: () => void;
  /** The key file held in this page, when it is the registered key's. */
  usableKey: HeldKey | undefined;
  onHeld: (held: HeldKey | undefined) => void;
}

/**
 * One request on screen: its QR and number while pending, the data once answered. The code that
 * answers arrives with the request and is used at once, nobody types it; with the double lock
 * only once the key file that opens its data is held here.
 */
export function ShownRequest({
  organizationId,
  requestId,
  lock,
  onClose,
}: {
  organizationId: string;
  requestId: string;
  lock: DoubleLock;
  onClose: () => void;
}) {
  const { t } = useTranslation('codes');
  const queryClient = useQueryClient();
  const request = useRequest(organizationId, requestId);
  const verify = useVerifyCode(organizationId);
  const [result, setResult] = useState<StaffVerifyResult>();
  const [heldKeyFailed, setHeldKeyFailed] = useState(false);
  const keyInputRef = useRef<HTMLInputElement>(null);
  const collected = useRef(false);
  const token = request.data?.token;
  const isKeyMissing = lock.registeredKey !== null && !lock.usableKey;
  const mayCollect = Boolean(token) && lock.isKnown && !isKeyMissing;
  const privateKey = lock.usableKey?.privateKey;
  const status = request.data?.status;

  // Answered, expired or cancelled: the open requests say so now, not at their next poll.
  useEffect(() => {
    if (status && status !== 'pending') {
      void queryClient.invalidateQueries({
        queryKey: requestKeys.all(organizationId),
        exact: true,
      });
    }
  }, [status, queryClient, organizationId]);

  useEffect(() => {
    if (!token || !mayCollect || collected.current) return;
    collected.current = true;
    verify.mutate(token, {
      onSuccess: async (answer) => {
        // The list drops it (its code is used); this request's own answer stays as it is.
        void queryClient.invalidateQueries({
          queryKey: requestKeys.all(organizationId),
          exact: true,
        });
        if (!('encryption' in answer) || !privateKey) {
          setResult(answer);
          return;
        }
        try {
          setResult(await openSealed(answer, privateKey));
        } catch {
          // Sealed to an earlier key of the organisation: kept here until its file is chosen.
          setHeldKeyFailed(true);
          setResult(answer);
        }
      },
    });
  }, [token, mayCollect, privateKey, verify, queryClient, organizationId]);

  const data = request.data;
  if (!data) return null;
  const isWaitingForKey = data.status === 'fulfilled' && !result && Boolean(token);
  return (
    <Card className="p-5" aria-live="polite">
      <div className="mb-3 flex items-start justify-between gap-2">
        <div>
          <h3 className="text-base font-bold text-slate-900">
            {data.status === 'fulfilled' ? t('ask.answeredTitle') : t('ask.shownTitle')}
          </h3>
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
      {isWaitingForKey && lock.isUnknown ? (
        <Alert tone="error">
          {t('ask.collectLockUnknown')}
          <Button variant="secondary" size="sm" className="ms-3" onClick={lock.retry}>
            {t('list.retry')}
          </Button>
        </Alert>
      ) : isWaitingForKey && isKeyMissing && lock.registeredKey ? (
        <KeyFirst
          registeredKey={lock.registeredKey}
          held={lock.usableKey}
          onHeld={lock.onHeld}
          isNeeded={false}
          inputRef={keyInputRef}
          body={t('ask.keyFirst')}
        />
      ) : isWaitingForKey ? (
        <p role="status" className="text-sm text-slate-700">
          {verify.isError ? t('ask.collectFailed') : t('ask.collecting')}
        </p>
      ) : null}
      {data.status === 'fulfilled' && !token && !result && !verify.isPending ? (
        <Alert tone="info">{t('ask.alreadyCollected')}</Alert>
      ) : null}
      {data.status === 'expired' || data.status === 'cancelled' ? (
        <Alert tone="info">{t(`ask.closed.${data.status}`)}</Alert>
      ) : null}
      {result && 'encryption' in result ? (
        <KeyFileStep sealed={result} heldKeyFailed={heldKeyFailed} onOpened={setResult} />
      ) : result ? (
        <DecryptedCard result={result} onClear={onClose} />
      ) : null}
    </Card>
  );
}
