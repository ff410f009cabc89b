import type { VerificationRequest } from '@tanqin/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useCancelRequest, useOpenRequests } from '../api/requests-queries.ts';
import { formatTime } from '../format.ts';

/**
 * The organisation's open requests: shown again, or cancelled while pending. An answered one
 * whose code is not used yet (its key file was not at hand, or the page closed) is here too,
 * to be opened.
 */
export function OpenRequests({
  organizationId,
  shownId,
  onShow,
}: {
  organizationId: string;
  shownId: string | undefined;
  onShow: (id: string) => void;
}) {
  const { t } = useTranslation('codes');
  const open = useOpenRequests(organizationId);
  const cancel = useCancelRequest(organizationId);
  const requests: VerificationRequest[] = open.data?.requests ?? [];
  if (requests.length === 0) return null;
  return (
    <Card className="p-5">
      <h3 className="mb-3 text-base font-bold text-slate-900">{t('ask.openTitle')}</h3>
      <ul className="divide-y divide-slate-100">
        {requests.map((request) => {
          const isAnswered = request.status === 'fulfilled';
          return (
            <li key={request.request_id} className="flex flex-wrap items-center gap-3 py-2">
              <span className="min-w-0 flex-1 text-sm text-slate-800">
                {request.purpose}
                {isAnswered ? (
                  <Badge tone="green" className="ms-2">
                    {t('ask.answered')}
                  </Badge>
                ) : (
                  <span className="ms-2 text-xs text-slate-500">
                    {t('ask.until', { time: formatTime(request.expires_at) })}
                  </span>
                )}
              </span>
              {request.request_id !== shownId ? (
                <Button variant="secondary" size="sm" onClick={() => onShow(request.request_id)}>
                  {isAnswered ? t('ask.open') : t('ask.show')}
                </Button>
              ) : null}
              {isAnswered ? null : (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={cancel.isPending}
                  onClick={() => cancel.mutate(request.request_id)}
                >
                  {t('ask.cancel')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
