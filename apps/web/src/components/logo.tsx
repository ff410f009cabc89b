import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** `subtitleFromSm`: the subtitle only from the sm breakpoint (a crowded phone header). */
export function Logo({
  withTitle = true,
  subtitleFromSm = false,
}: {
  withTitle?: boolean;
  subtitleFromSm?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <Link
      to="/"
      className="flex shrink-0 items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <img src="/logo.svg" alt={t('appName')} width={36} height={36} className="size-9" />
      {withTitle ? (
        <span className="flex flex-col leading-tight">
          <span className="text-lg font-bold text-brand-800">{t('appName')}</span>
          <span
            className={
              subtitleFromSm ? 'hidden text-xs text-slate-600 sm:block' : 'text-xs text-slate-600'
            }
          >
            {t('appTitle')}
          </span>
        </span>
      ) : null}
    </Link>
  );
}
