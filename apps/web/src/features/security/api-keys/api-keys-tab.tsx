import { KeyRound, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useConsoleMode } from '../../../lib/console-mode.ts';
import { failureText } from '../../../lib/problem-text.ts';
import { useDeleteApiKey } from '../api/delete-api-key.ts';
import { type ApiKey, useApiKeys } from '../api/get-api-keys.ts';
import { useUpdateApiKey } from '../api/update-api-key.ts';
import { EmptyState } from '../components/empty-state.tsx';
import { LoadFailed } from '../components/load-failed.tsx';
import { RoleNotice } from '../components/role-notice.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { useErrorToast } from '../components/use-error-toast.ts';
import { formatDateTime } from '../format.ts';
import { ApiKeyCard } from './api-key-card.tsx';
import { CreateApiKeyDialog } from './create-api-key-dialog.tsx';
import { EditApiKeyDialog } from './edit-api-key-dialog.tsx';
import { RollApiKeyDialog } from './roll-api-key-dialog.tsx';
import { type SecretOnce, SecretOnceAlert } from './secret-once-alert.tsx';

function KeysSkeleton() {
  const { t } = useTranslation('apiKeys');
  return (
    <div aria-busy className="space-y-4">
      <p role="status" className="sr-only">
        {t('list.loading')}
      </p>
      {[0, 1].map((index) => (
        <Card key={index} className="space-y-4 p-5">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-10" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        </Card>
      ))}
    </div>
  );
}

function DeleteKeyDialog({
  organizationId,
  apiKey,
  onClose,
  onDeleted,
}: {
  organizationId: string;
  apiKey: ApiKey | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
}) {
  const { t } = useTranslation('apiKeys');
  const { t: ts } = useTranslation('security');
  const deleteKey = useDeleteApiKey(organizationId);
  return (
    <ConfirmDialog
      open={apiKey !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('delete.title')}
      description={t('delete.body', { name: apiKey?.key_name ?? '' })}
      confirmLabel={t('delete.confirm')}
      pendingLabel={t('delete.deleting')}
      cancelLabel={ts('actions.cancel')}
      isPending={deleteKey.isPending}
      onConfirm={() => {
        if (!apiKey) return;
        deleteKey.mutate(apiKey.id, {
          onSuccess: () => {
            toast.success(t('toasts.deleted'));
            onDeleted(apiKey.id);
            onClose();
          },
          onError: (error) => toast.error(failureText(t('toasts.deleteFailed'), error)),
        });
      }}
    />
  );
}

/** After a roll: how long the previous secret still works. */
function useGraceNote() {
  const { t } = useTranslation('apiKeys');
  return (secret: SecretOnce) => {
    if (secret.reason !== 'rolled') return undefined;
    return secret.previous_secret_expires_at
      ? t('rolled.graceUntil', { date: formatDateTime(secret.previous_secret_expires_at) })
      : t('rolled.noGrace');
  };
}

/**
 * The API keys tab: list, create (secret shown once), switch on/off, edit, roll the secret
 * (the new one shown once), delete after confirming.
 */
export function ApiKeysTab({
  organizationId,
  canManageKeys,
}: {
  organizationId: string;
  canManageKeys: boolean;
}) {
  const { t } = useTranslation('apiKeys');
  const { t: tm } = useTranslation('consoleMode');
  const mode = useConsoleMode();
  const query = useApiKeys(organizationId, mode, { enabled: canManageKeys });
  const updateKey = useUpdateApiKey(organizationId);
  const [isCreating, setIsCreating] = useState(false);
  const graceNote = useGraceNote();
  const [shownSecret, setShownSecret] = useState<SecretOnce | null>(null);
  const [toEdit, setToEdit] = useState<ApiKey | null>(null);
  const [toRoll, setToRoll] = useState<ApiKey | null>(null);
  const [toDelete, setToDelete] = useState<ApiKey | null>(null);
  useErrorToast(query.error, t('toasts.loadFailed'));
  // A secret whose key is gone (deleted here or elsewhere) is of no use any more: it goes too.
  const secret =
    shownSecret && query.data?.some((key) => key.id === shownSecret.id) !== false
      ? shownSecret
      : null;

  if (!canManageKeys) return <RoleNotice message={t('list.roleNotice')} />;

  const createButton = (
    <Button onClick={() => setIsCreating(true)}>
      <Plus aria-hidden className="size-4" />
      {t('list.create')}
    </Button>
  );

  let content: ReactNode;
  if (query.isPending) content = <KeysSkeleton />;
  else if (query.isError) {
    content = (
      <LoadFailed
        message={t('list.loadFailed')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else if (query.data.length === 0) {
    content = (
      <EmptyState
        icon={KeyRound}
        title={mode === 'test' ? tm('emptyKeys.title') : t('list.emptyTitle')}
        body={mode === 'test' ? tm('emptyKeys.body') : t('list.emptyBody')}
        action={createButton}
      />
    );
  } else {
    content = (
      <ul className="space-y-4">
        {query.data.map((key) => (
          <li key={key.id}>
            <ApiKeyCard
              apiKey={key}
              isToggling={updateKey.isPending && updateKey.variables?.id === key.id}
              onToggle={(isActive) =>
                updateKey.mutate(
                  { id: key.id, is_active: isActive },
                  {
                    onError: (error) => toast.error(failureText(t('toasts.updateFailed'), error)),
                  },
                )
              }
              onEdit={() => setToEdit(key)}
              onRoll={() => setToRoll(key)}
              onDelete={() => setToDelete(key)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="api-keys-title" className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h3 id="api-keys-title" className="text-lg font-bold text-slate-900">
            {t('list.title')}
          </h3>
          <p className="max-w-2xl text-sm leading-relaxed text-slate-600">{t('list.body')}</p>
        </div>
        {query.isSuccess && query.data.length > 0 ? createButton : null}
      </div>
      {secret ? (
        <SecretOnceAlert
          key={`${secret.id}-${secret.api_secret}`}
          secret={secret}
          note={graceNote(secret)}
          onDismiss={() => setShownSecret(null)}
        />
      ) : null}
      {content}
      <CreateApiKeyDialog
        organizationId={organizationId}
        open={isCreating}
        onOpenChange={setIsCreating}
        onCreated={(key) => {
          setIsCreating(false);
          setShownSecret({ ...key, reason: 'created' });
        }}
      />
      <EditApiKeyDialog
        organizationId={organizationId}
        apiKey={toEdit}
        onClose={() => setToEdit(null)}
      />
      <RollApiKeyDialog
        organizationId={organizationId}
        apiKey={toRoll}
        onClose={() => setToRoll(null)}
        onRolled={(rolled) => {
          setToRoll(null);
          setShownSecret({ ...rolled, reason: 'rolled' });
        }}
      />
      <DeleteKeyDialog
        organizationId={organizationId}
        apiKey={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(id) => setShownSecret((shown) => (shown?.id === id ? null : shown))}
      />
    </section>
  );
}
