import type { SignedInSession } from '@tanqin/shared';
import { LogOut, Monitor, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { countryName } from '../../lib/country-name.ts';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import type { Side } from '../../lib/session.ts';
import { useEndOtherSessions, useEndSession, useSessions } from './api.ts';

const KIND_ICONS = { mobile: Smartphone, tablet: Tablet, desktop: Monitor, unknown: Monitor };

function SessionRow({
  session,
  onEnd,
  ending,
}: {
  session: SignedInSession;
  onEnd: () => void;
  ending: boolean;
}) {
  const { t } = useTranslation('sessions');
  const { browser, os, kind } = session.device;
  const Icon = KIND_ICONS[kind];
  const device =
    browser && os ? t('device.both', { browser, os }) : (browser ?? os ?? t('device.unknown'));
  const place = session.country ? countryName(session.country) : t('place.unknown');
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-4">
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-600">
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 space-y-1 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            {device}
            {session.current ? <Badge tone="green">{t('current')}</Badge> : null}
          </p>
          <p className="text-slate-600">
            {place}
            {session.ip ? (
              <>
                {' · '}
                <bdi dir="ltr" className="font-mono text-xs">
                  {session.ip}
                </bdi>
              </>
            ) : null}
          </p>
          <p className="text-slate-500">
            {t('lastSeen', { at: formatDateTime(session.last_seen_at ?? session.created_at) })}
            {' · '}
            {t('signedIn', { at: formatDateTime(session.created_at) })}
          </p>
        </div>
      </div>
      {session.current ? null : (
        <Button variant="secondary" size="sm" onClick={onEnd} disabled={ending}>
          <LogOut aria-hidden className="size-4 rtl:rotate-180" />
          {ending ? t('ending') : t('end')}
        </Button>
      )}
    </li>
  );
}

/**
 * The signed-in user's sessions and devices, on either side (person or organisation member):
 * end one, or all but this one. Ending takes effect at once on the server.
 */
export function SessionsList({ side }: { side: Side }) {
  const { t } = useTranslation('sessions');
  const sessions = useSessions(side);
  const endOne = useEndSession(side);
  const endOthers = useEndOtherSessions(side);
  const [confirming, setConfirming] = useState(false);

  if (sessions.isPending) {
    return (
      <div aria-busy className="space-y-3">
        <p role="status" className="sr-only">
          {t('loading')}
        </p>
        <div className="h-16 animate-pulse rounded-lg bg-slate-100" />
        <div className="h-16 animate-pulse rounded-lg bg-slate-100" />
      </div>
    );
  }
  if (sessions.isError) return <Alert tone="error">{t('loadError')}</Alert>;

  const others = sessions.data.filter((session) => !session.current).length;
  return (
    <div className="space-y-3">
      <ul aria-label={t('listLabel')} className="divide-y divide-slate-200">
        {sessions.data.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            ending={endOne.isPending && endOne.variables === session.id}
            onEnd={() =>
              endOne.mutate(session.id, {
                onSuccess: () => toast.success(t('ended')),
                onError: () => toast.error(t('endFailed')),
              })
            }
          />
        ))}
      </ul>
      {others > 0 ? (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          <LogOut aria-hidden className="size-4 rtl:rotate-180" />
          {t('endOthers', { count: others, n: formatCount(others) })}
        </Button>
      ) : (
        <p className="text-sm text-slate-500">{t('onlyThis')}</p>
      )}
      {confirming ? (
        <ConfirmDialog
          open
          onOpenChange={setConfirming}
          title={t('confirm.title')}
          description={t('confirm.description')}
          confirmLabel={t('confirm.confirm')}
          pendingLabel={t('ending')}
          cancelLabel={t('confirm.cancel')}
          isPending={endOthers.isPending}
          onConfirm={() =>
            endOthers.mutate(undefined, {
              onSuccess: ({ ended }) => {
                toast.success(t('endedOthers', { count: ended, n: formatCount(ended) }));
                setConfirming(false);
              },
              onError: () => {
                toast.error(t('endFailed'));
                setConfirming(false);
              },
            })
          }
        />
      ) : null}
    </div>
  );
}
