import { Hourglass } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatTimeLeft } from '../format.ts';

const TICK_MS = 30_000;

/** Until when a rolled key's previous secret still works, counting down; gone once it has. */
export function GraceCountdown({ until }: { until: string }) {
  const { t } = useTranslation('apiKeys');
  const end = new Date(until).getTime();
  const [now, setNow] = useState(Date.now);
  const left = end - now;
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(TICK_MS, left));
    return () => window.clearTimeout(timer);
  }, [left]);
  if (left <= 0) return null;
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <Hourglass aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>
        {t('card.graceLeft', { date: formatDateTime(until), left: formatTimeLeft(left) })}
      </span>
    </p>
  );
}
