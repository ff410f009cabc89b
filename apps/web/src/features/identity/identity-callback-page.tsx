import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PersonalLayout } from '../../components/personal-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { failureReason } from '../../lib/problem-text.ts';
import {
  completeIdentityProof,
  confirmIdentityCorrection,
  fetchIdentityStatus,
  useStartIdentityProof,
} from './api.ts';

type Outcome =
  | { state: 'pending' }
  | { state: 'proven' }
  | { state: 'correction'; typed: string; proven: string; confirming?: boolean }
  | { state: 'failed'; reason: string; code?: string };

/** How a refusal ends: a mismatch may leave a correction to confirm (a mistyped national id). */
async function outcomeOf(error: unknown): Promise<Outcome> {
  const failed: Outcome = {
    state: 'failed',
    reason: failureReason(error),
    ...(error instanceof ApiError && { code: error.code }),
  };
  if (!(error instanceof ApiError) || error.code !== 'identity_mismatch') return failed;
  const { correction } = await fetchIdentityStatus().catch(() => ({ correction: null }));
  return correction
    ? { state: 'correction', typed: correction.typed_last4 ?? '', proven: correction.proven_last4 }
    : failed;
}

/**
 * /identity/callback: where the identity provider sends the browser back. The code and state go
 * to the server once; the page says how it ended.
 */
export function IdentityCallbackPage() {
  const { t } = useTranslation('identity');
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const start = useStartIdentityProof();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'pending' });
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const code = params.get('code');
    const state = params.get('state');
    const iss = params.get('iss') ?? undefined;
    if (!code || !state) {
      // The provider answers a refusal with `error` (the person cancelled, or it refused).
      setOutcome({ state: 'failed', reason: t('callback.noCode') });
      return;
    }
    completeIdentityProof({ code, state, ...(iss && { iss }) }).then(
      () => {
        setOutcome({ state: 'proven' });
        void queryClient.invalidateQueries({ queryKey: ['me'] });
      },
      (error: unknown) => outcomeOf(error).then(setOutcome),
    );
  }, [params, queryClient, t]);

  const confirm = () => {
    setOutcome((current) => ({ ...current, confirming: true }) as Outcome);
    confirmIdentityCorrection().then(
      () => {
        setOutcome({ state: 'proven' });
        void queryClient.invalidateQueries({ queryKey: ['me'] });
      },
      (error: unknown) => outcomeOf(error).then(setOutcome),
    );
  };

  return (
    <PersonalLayout title={t('callback.title')}>
      <div className="mx-auto max-w-xl space-y-4">
        {outcome.state === 'pending' ? (
          <p role="status" className="text-sm text-slate-700">
            {t('callback.pending')}
          </p>
        ) : outcome.state === 'proven' ? (
          <div className="space-y-4 rounded-2xl border border-green-200 bg-white p-6 text-center">
            <CheckCircle2 aria-hidden className="mx-auto size-10 text-green-700" />
            <h2 className="text-lg font-bold text-slate-900">{t('callback.proven')}</h2>
            <p className="text-sm text-slate-700">{t('callback.provenBody')}</p>
            <Link to="/dashboard" className={buttonClasses('primary', 'md')}>
              {t('callback.toCodes')}
            </Link>
          </div>
        ) : outcome.state === 'correction' ? (
          <div className="space-y-4 rounded-2xl border border-amber-200 bg-white p-6">
            <h2 className="text-lg font-bold text-slate-900">{t('callback.correctionTitle')}</h2>
            <p className="text-sm text-slate-700">
              {t('callback.correctionBody', { typed: outcome.typed, proven: outcome.proven })}
            </p>
            <p className="text-sm text-slate-600">{t('callback.correctionExpires')}</p>
            <div className="flex flex-wrap gap-3">
              <Button onClick={confirm} disabled={outcome.confirming}>
                {outcome.confirming
                  ? t('callback.correctionConfirming')
                  : t('callback.correctionConfirm')}
              </Button>
              <Link to="/dashboard" className={buttonClasses('secondary', 'md')}>
                {t('callback.back')}
              </Link>
            </div>
          </div>
        ) : (
          <div className="space-y-4">
            <Alert tone="error">
              <p className="font-semibold">{t('callback.failed')}</p>
              <p className="mt-1">{outcome.reason}</p>
            </Alert>
            {start.isError ? <Alert tone="error">{failureReason(start.error)}</Alert> : null}
            <div className="flex flex-wrap gap-3">
              {outcome.code === 'identity_already_proven' ? (
                <Link to="/forgot-password" className={buttonClasses('primary', 'md')}>
                  {t('callback.recover')}
                </Link>
              ) : (
                <Button
                  onClick={() => start.mutate()}
                  disabled={start.isPending || start.isSuccess}
                >
                  {t('callback.again')}
                </Button>
              )}
              <Link to="/dashboard" className={buttonClasses('secondary', 'md')}>
                {t('callback.back')}
              </Link>
            </div>
          </div>
        )}
      </div>
    </PersonalLayout>
  );
}
