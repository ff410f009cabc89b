import { fieldLabelList } from '@tanqin/shared';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useMarkNoticesRead, useUnreadNotices } from '../api/notices.ts';
import { formatCount, formatDateTime } from '../format.ts';

/**
 * The app notices (the profile's "App" switch): each issue and use of the person's codes since
 * they last marked them read, above their history. Nothing shows when there is nothing new.
 */
export function NewNotices() {
  const { t } = useTranslation('personalDashboard');
  const notices = useUnreadNotices();
  const markRead = useMarkNoticesRead();
  const list = notices.data?.notices ?? [];
  if (list.length === 0) return null;
  const unread = notices.data?.unread ?? 0;
  const more = unread - list.length;

  return (
    <section
      aria-labelledby="new-notices-title"
      className="space-y-3 rounded-2xl border border-sky-200 bg-sky-50 p-5"
    >
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-sky-100 text-sky-800">
          <Bell aria-hidden className="size-5" />
        </span>
        <h2 id="new-notices-title" className="min-w-0 flex-1 font-bold text-slate-900">
          {t('notices.title', { count: unread, n: formatCount(unread) })}
        </h2>
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0"
          disabled={markRead.isPending}
          onClick={() => markRead.mutate()}
        >
          {markRead.isPending ? t('notices.marking') : t('notices.markRead')}
        </Button>
      </div>
      <ul className="space-y-2">
        {list.map((notice) => (
          <li key={notice.id} className="rounded-xl bg-white p-3 text-sm leading-relaxed">
            <p className="font-medium break-words text-slate-900">
              {t(`notices.${notice.event}`, { name: notice.organization_name })}
            </p>
            <p className="text-slate-600">
              <time dateTime={new Date(notice.at).toISOString()}>
                {formatDateTime(new Date(notice.at).toISOString())}
              </time>
              {notice.fields.length > 0
                ? ` · ${t('notices.fields', {
                    fields: fieldLabelList(notice.fields, currentLanguage()),
                  })}`
                : null}
            </p>
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <p className="text-sm text-slate-600">{t('notices.more', { n: formatCount(more) })}</p>
      ) : null}
      {markRead.isError ? <Alert tone="error">{t('notices.markFailed')}</Alert> : null}
    </section>
  );
}
