import { can, type MemberRole } from '@tanqin/shared';
import { Eye, EyeOff, Info, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCredentials } from '../api/get-credentials.ts';
import { LoadErrorPanel } from '../components/load-error-panel.tsx';

const valueClasses =
  'ltr-island block min-w-0 flex-1 break-all rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-start font-mono text-sm text-slate-900';

function OwnersOnlyNote() {
  const { t } = useTranslation('orgDashboard');
  return (
    <Alert tone="info" className="flex items-start gap-2">
      <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{t('overview.credentials.ownersOnly')}</span>
    </Alert>
  );
}

/** Mounted only while the secret is shown, so hiding it drops it from the query cache. */
function RevealedSecret({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('orgDashboard');
  const query = useCredentials(organizationId);
  if (query.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {t('overview.credentials.loadingSecret')}
      </p>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 403) return <OwnersOnlyNote />;
    return (
      <LoadErrorPanel
        errorKey="fetchFailed"
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code className={valueClasses}>{query.data.client_secret}</code>
      <CopyButton
        value={query.data.client_secret}
        label={t('overview.credentials.copyClientSecret')}
      />
    </div>
  );
}

function ClientSecret({ organizationId, role }: { organizationId: string; role: MemberRole }) {
  const { t } = useTranslation('orgDashboard');
  const [isRevealed, setIsRevealed] = useState(false);
  const canSeeSecret = can(role, 'credentials:read');

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-800">
          {t('overview.credentials.clientSecret')}
        </p>
        {canSeeSecret ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={t(
              isRevealed ? 'overview.credentials.hideLabel' : 'overview.credentials.revealLabel',
            )}
            onClick={() => setIsRevealed((value) => !value)}
          >
            {isRevealed ? (
              <EyeOff aria-hidden className="size-4" />
            ) : (
              <Eye aria-hidden className="size-4" />
            )}
            {t(isRevealed ? 'overview.credentials.hide' : 'overview.credentials.reveal')}
          </Button>
        ) : null}
      </div>
      {!canSeeSecret ? (
        <OwnersOnlyNote />
      ) : isRevealed ? (
        <RevealedSecret organizationId={organizationId} />
      ) : (
        <p className={valueClasses}>
          <span aria-hidden>{'•'.repeat(32)}</span>
          <span className="sr-only">{t('overview.credentials.masked')}</span>
        </p>
      )}
    </div>
  );
}

/** Client id and secret with the warning to keep the secret private. */
export function CredentialsCard({
  organizationId,
  clientId,
  role,
}: {
  organizationId: string;
  clientId: string;
  role: MemberRole;
}) {
  const { t } = useTranslation('orgDashboard');
  return (
    <Card className="space-y-5 p-6">
      <h3 className="text-lg font-bold">{t('overview.credentials.title')}</h3>
      <Alert tone="warning" className="flex items-start gap-3">
        <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
        <div className="space-y-1">
          <p className="font-semibold">{t('overview.credentials.warningTitle')}</p>
          <p className="leading-relaxed">{t('overview.credentials.warning')}</p>
        </div>
      </Alert>
      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-800">{t('overview.credentials.clientId')}</p>
        <div className="flex flex-wrap items-center gap-2">
          <code className={valueClasses}>{clientId}</code>
          <CopyButton value={clientId} label={t('overview.credentials.copyClientId')} />
        </div>
      </div>
      <ClientSecret organizationId={organizationId} role={role} />
    </Card>
  );
}
