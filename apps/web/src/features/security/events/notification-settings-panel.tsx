import {
  BellRing,
  CheckCircle2,
  ChevronDown,
  History,
  Mail,
  MailWarning,
  Plus,
  RotateCw,
  Send,
  Trash2,
  TriangleAlert,
  Webhook,
} from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/problem-text.ts';
import { useDeleteNotificationPreference } from '../api/delete-notification-preference.ts';
import {
  isNotificationsApiMissing,
  type NotificationPreference,
  useNotificationPreferences,
} from '../api/get-notification-preferences.ts';
import { useResendNotificationConfirmation } from '../api/resend-notification-confirmation.ts';
import { useTestNotificationChannel } from '../api/test-notification-channel.ts';
import { useUpdateNotificationPreference } from '../api/update-notification-preference.ts';
import { EmptyState } from '../components/empty-state.tsx';
import { LoadFailed } from '../components/load-failed.tsx';
import { RoleNotice } from '../components/role-notice.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { formatDateTime } from '../format.ts';
import { AddNotificationDialog } from './add-notification-dialog.tsx';
import { DeliveryLog } from './delivery-log.tsx';

/** A webhook's signing secret, shown once after it is created; gone when dismissed. */
function SigningSecretAlert({ secret, onDismiss }: { secret: string; onDismiss: () => void }) {
  const { t } = useTranslation('security');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section
      aria-labelledby="signing-secret-title"
      className="space-y-4 rounded-2xl border border-green-200 bg-green-50 p-5"
    >
      <h5
        id="signing-secret-title"
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-2 font-bold text-green-900 focus:outline-none"
      >
        <CheckCircle2 aria-hidden className="size-5 shrink-0" />
        {t('notifications.secret.title')}
      </h5>
      <p
        role="alert"
        className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm leading-relaxed text-amber-900"
      >
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        {t('notifications.secret.warning')}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="ltr-island block min-w-64 flex-1 break-all rounded-lg border border-slate-200 bg-white px-3 py-2 text-start font-mono text-sm">
          {secret}
        </code>
        <CopyButton value={secret} label={t('notifications.secret.copy')} />
      </div>
      <Button variant="secondary" onClick={onDismiss}>
        {t('notifications.secret.dismiss')}
      </Button>
    </section>
  );
}

/** Sends a test message on the channel now and says whether it arrived. */
function TestChannelButton({
  organizationId,
  preference,
}: {
  organizationId: string;
  preference: NotificationPreference;
}) {
  const { t } = useTranslation('security');
  const test = useTestNotificationChannel(organizationId, preference.id);
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={test.isPending}
      aria-label={t('notifications.test.label', { destination: preference.destination })}
      onClick={() =>
        test.mutate(undefined, {
          onSuccess: ({ delivery }) => {
            if (delivery.status === 'delivered') {
              toast.success(
                t('notifications.test.delivered', { destination: preference.destination }),
              );
            } else if (delivery.response_status !== null) {
              toast.error(t('notifications.test.answered', { status: delivery.response_status }));
            } else {
              toast.error(t(`notifications.test.failed.${preference.notification_type}`));
            }
          },
          onError: (error) => toast.error(failureText(t('notifications.test.error'), error)),
        })
      }
    >
      <Send aria-hidden className="size-4 rtl:-scale-x-100" />
      {test.isPending ? t('notifications.test.sending') : t('notifications.test.button')}
    </Button>
  );
}

/**
 * An email address its owner has not confirmed yet: nothing is sent to it (issue 32.4). Says until
 * when the mailed link works, or that it expired, and offers a new link.
 */
function AwaitingConfirmation({
  organizationId,
  preference,
  canManage,
}: {
  organizationId: string;
  preference: NotificationPreference;
  canManage: boolean;
}) {
  const { t } = useTranslation('security');
  const resend = useResendNotificationConfirmation(organizationId);
  const expiresAt = preference.confirmation_expires_at;
  const isExpired = expiresAt === null || new Date(expiresAt).getTime() <= Date.now();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3">
      <p className="flex min-w-0 flex-1 basis-64 items-start gap-2 text-sm leading-relaxed text-amber-900">
        <MailWarning aria-hidden className="mt-0.5 size-4 shrink-0" />
        {t(`notifications.confirmation.${isExpired ? 'expired' : 'pending'}`, {
          date: expiresAt ? formatDateTime(expiresAt) : '-',
        })}
      </p>
      {canManage ? (
        <Button
          variant="secondary"
          size="sm"
          disabled={resend.isPending}
          aria-label={t('notifications.confirmation.resendLabel', {
            destination: preference.destination,
          })}
          onClick={() =>
            resend.mutate(preference.id, {
              onSuccess: () =>
                toast.success(
                  t('notifications.confirmation.resent', { destination: preference.destination }),
                ),
              onError: (error) =>
                toast.error(failureText(t('notifications.confirmation.resendFailed'), error)),
            })
          }
        >
          <RotateCw aria-hidden className="size-4" />
          {resend.isPending
            ? t('notifications.confirmation.sending')
            : t('notifications.confirmation.resend')}
        </Button>
      ) : null}
    </div>
  );
}

function PreferenceCard({
  organizationId,
  preference,
  canManage,
  isToggling,
  onToggle,
  onDelete,
}: {
  organizationId: string;
  preference: NotificationPreference;
  canManage: boolean;
  isToggling: boolean;
  onToggle: (isActive: boolean) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('security');
  const Icon = preference.notification_type === 'webhook' ? Webhook : Mail;
  const isAwaiting = preference.confirmed_at === null;
  const [isLogOpen, setIsLogOpen] = useState(false);
  const logId = useId();
  return (
    <Card className="space-y-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <Icon aria-hidden className="size-5" />
          </span>
          <div className="min-w-0 space-y-1">
            <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
              {t(`notifications.types.${preference.notification_type}`)}
              <Badge tone={preference.is_active ? 'green' : 'slate'}>
                {t(preference.is_active ? 'status.active' : 'status.inactive')}
              </Badge>
              {isAwaiting ? (
                <Badge tone="amber">{t('notifications.confirmation.badge')}</Badge>
              ) : null}
            </p>
            <p dir="ltr" className="break-all text-start font-mono text-sm text-slate-700">
              {preference.destination}
            </p>
          </div>
        </div>
        <div className="flex items-center gap-2">
          <Switch
            checked={preference.is_active}
            disabled={!canManage || isToggling}
            onCheckedChange={onToggle}
            aria-label={t('notifications.activeSwitch', { destination: preference.destination })}
          />
          {canManage ? (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 hover:bg-red-50"
              aria-label={t('notifications.delete', { destination: preference.destination })}
              onClick={onDelete}
            >
              <Trash2 aria-hidden className="size-4" />
            </Button>
          ) : null}
        </div>
      </div>
      {isAwaiting ? (
        <AwaitingConfirmation
          organizationId={organizationId}
          preference={preference}
          canManage={canManage}
        />
      ) : null}
      <ul aria-label={t('notifications.eventTypesLabel')} className="flex flex-wrap gap-1.5">
        {preference.event_types.map((eventType) => (
          <li key={eventType}>
            <Badge tone="brand">{t(`events.types.${eventType}`)}</Badge>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-500">
          {t('notifications.createdAt', { date: formatDateTime(preference.created_at) })}
        </p>
        <div className="flex flex-wrap items-center gap-1">
          {canManage && !isAwaiting ? (
            <TestChannelButton organizationId={organizationId} preference={preference} />
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={isLogOpen}
            aria-controls={isLogOpen ? `${logId}-log` : undefined}
            aria-label={t('deliveries.toggle', { destination: preference.destination })}
            onClick={() => setIsLogOpen((open) => !open)}
          >
            <History aria-hidden className="size-4" />
            {t('deliveries.title')}
            <ChevronDown
              aria-hidden
              className={
                isLogOpen ? 'size-4 rotate-180 transition-transform' : 'size-4 transition-transform'
              }
            />
          </Button>
        </div>
      </div>
      {isLogOpen ? (
        <DeliveryLog
          organizationId={organizationId}
          preferenceId={preference.id}
          canManage={canManage}
          id={`${logId}-log`}
          labelledBy={`${logId}-title`}
        />
      ) : null}
    </Card>
  );
}

/** Notification settings: preferences with their switch, an add dialog, the webhook secret once. */
export function NotificationSettingsPanel({
  organizationId,
  canManage,
}: {
  organizationId: string;
  canManage: boolean;
}) {
  const { t } = useTranslation('security');
  const query = useNotificationPreferences(organizationId);
  const update = useUpdateNotificationPreference(organizationId);
  const remove = useDeleteNotificationPreference(organizationId);
  const [isAdding, setIsAdding] = useState(false);
  const [signingSecret, setSigningSecret] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<NotificationPreference | null>(null);

  if (query.isError && isNotificationsApiMissing(query.error)) {
    return <RoleNotice message={t('notifications.unavailable')} />;
  }

  const addButton = canManage ? (
    <Button onClick={() => setIsAdding(true)}>
      <Plus aria-hidden className="size-4" />
      {t('notifications.add')}
    </Button>
  ) : null;

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <div aria-busy className="space-y-3">
        <p role="status" className="sr-only">
          {t('notifications.loading')}
        </p>
        <Skeleton className="h-28 rounded-2xl" />
        <Skeleton className="h-28 rounded-2xl" />
      </div>
    );
  } else if (query.isError) {
    content = (
      <LoadFailed
        message={t('notifications.loadFailed')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else if (query.data.length === 0) {
    content = (
      <EmptyState
        icon={BellRing}
        title={t('notifications.emptyTitle')}
        body={t('notifications.emptyBody')}
        action={addButton}
      />
    );
  } else {
    content = (
      <ul className="space-y-3">
        {query.data.map((preference) => (
          <li key={preference.id}>
            <PreferenceCard
              organizationId={organizationId}
              preference={preference}
              canManage={canManage}
              isToggling={update.isPending && update.variables?.id === preference.id}
              onToggle={(isActive) =>
                update.mutate(
                  { id: preference.id, is_active: isActive },
                  {
                    onError: (error) =>
                      toast.error(failureText(t('toasts.notificationUpdateFailed'), error)),
                  },
                )
              }
              onDelete={() => setToDelete(preference)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="notifications-title" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h4 id="notifications-title" className="text-base font-bold text-slate-900">
            {t('notifications.title')}
          </h4>
          <p className="max-w-2xl text-sm leading-relaxed text-slate-600">
            {t('notifications.body')}
          </p>
        </div>
        {query.isSuccess && query.data.length > 0 ? addButton : null}
      </div>
      {!canManage ? <RoleNotice message={t('roles.cannotManage')} /> : null}
      {signingSecret ? (
        <SigningSecretAlert secret={signingSecret} onDismiss={() => setSigningSecret(null)} />
      ) : null}
      {content}
      <AddNotificationDialog
        organizationId={organizationId}
        open={isAdding}
        onOpenChange={setIsAdding}
        onCreated={(created) => {
          setIsAdding(false);
          setSigningSecret(created.signing_secret ?? null);
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={t('notifications.deleteTitle')}
        description={
          <span>
            {t('notifications.deleteBody')}{' '}
            <bdi dir="ltr" className="font-mono">
              {toDelete?.destination}
            </bdi>
          </span>
        }
        confirmLabel={t('notifications.deleteConfirm')}
        pendingLabel={t('actions.deleting')}
        cancelLabel={t('actions.cancel')}
        isPending={remove.isPending}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              toast.success(t('toasts.notificationDeleted'));
              setToDelete(null);
            },
            onError: (error) =>
              toast.error(failureText(t('toasts.notificationDeleteFailed'), error)),
          });
        }}
      />
    </section>
  );
}
