import type { ConfirmDestinationInput, DestinationConfirmed } from '@tanqin/shared';
import { useMutation } from '@tanstack/react-query';
import { BellRing, CheckCircle2, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { failureReason } from '../../../lib/problem-text.ts';
import { PublicPageLayout } from '../components/public-page-layout.tsx';

/** The token of a mailed link, `/confirm-destination#token=...` (a fragment reaches no server log). */
const tokenOf = (hash: string, search: string) =>
  new URLSearchParams(hash.replace(/^#/, '')).get('token') ??
  new URLSearchParams(search).get('token');

const useConfirmDestination = () =>
  useMutation({
    mutationFn: (input: ConfirmDestinationInput) =>
      apiRequest<DestinationConfirmed>('/api/v1/notification-destinations/confirm', {
        method: 'POST',
        body: input,
      }),
  });

/**
 * /confirm-destination: the owner of an email address an organisation named for its security
 * alerts says yes (issue 32.4). Opening the link confirms nothing (mail scanners open links):
 * only the button does, by a POST of the token.
 */
export function ConfirmDestinationPage() {
  const { t } = useTranslation('confirmDestination');
  const location = useLocation();
  const navigate = useNavigate();
  const [token, setToken] = useState(() => tokenOf(location.hash, location.search));
  const confirm = useConfirmDestination();

  // The token leaves the address bar (and so the history and a shared screenshot) once read.
  useEffect(() => {
    if (!location.hash && !location.search) return;
    const fresh = tokenOf(location.hash, location.search);
    if (fresh) setToken(fresh);
    void navigate({ pathname: location.pathname }, { replace: true });
  }, [location.hash, location.search, location.pathname, navigate]);

  const isDead = confirm.error instanceof ApiError && confirm.error.status === 400;
  if (!token || isDead) {
    return (
      <PublicPageLayout title={t('invalidTitle')}>
        <Alert tone="error">
          <p className="font-semibold">{token ? failureReason(confirm.error) : t('missing')}</p>
          <p className="mt-1">{t('askAgain')}</p>
        </Alert>
      </PublicPageLayout>
    );
  }
  if (confirm.isSuccess) {
    return (
      <PublicPageLayout title={t('doneTitle')}>
        <Alert tone="success">
          <p className="flex items-start gap-2">
            <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0" />
            <span>
              {t('done', {
                organization: confirm.data.organization_name,
                destination: confirm.data.destination,
              })}
            </span>
          </p>
        </Alert>
      </PublicPageLayout>
    );
  }
  return (
    <PublicPageLayout title={t('title')} lead={<p>{t('intro')}</p>}>
      <form
        noValidate
        className="max-w-xl space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (!confirm.isPending) confirm.mutate({ token });
        }}
      >
        {confirm.isError ? <Alert tone="error">{failureReason(confirm.error)}</Alert> : null}
        <Button type="submit" size="lg" disabled={confirm.isPending}>
          {confirm.isPending ? (
            <LoaderCircle aria-hidden className="size-5 animate-spin motion-reduce:animate-none" />
          ) : (
            <BellRing aria-hidden className="size-5" />
          )}
          {confirm.isPending ? t('confirming') : t('confirm')}
        </Button>
        <p className="text-sm leading-relaxed text-slate-600">{t('ignore')}</p>
      </form>
    </PublicPageLayout>
  );
}
