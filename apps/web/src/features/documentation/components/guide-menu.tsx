import { Clock, ExternalLink, PanelRightClose, PanelRightOpen } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { GUIDE_IDS, GUIDES, type GuideId, guideHref } from '../guides.ts';

const levelTones = {
  intro: 'bg-slate-100 text-slate-700',
  beginner: 'bg-green-50 text-green-800 ring-green-700/20',
  intermediate: 'bg-amber-50 text-amber-900 ring-amber-700/20',
  advanced: 'bg-red-50 text-red-800 ring-red-700/20',
} as const;

/**
 * The guides' side menu. Its button collapses it (on a phone it starts collapsed, so the guide
 * comes first); choosing a guide on a phone collapses it again.
 */
export function GuideMenu({
  activeGuide,
  isOpen,
  onToggle,
  onNavigate,
}: {
  activeGuide: GuideId;
  isOpen: boolean;
  onToggle: () => void;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('documentation');
  const listId = useId();
  const ToggleIcon = isOpen ? PanelRightClose : PanelRightOpen;
  return (
    <aside
      data-print-hide
      className={cn(
        'shrink-0 rounded-2xl border border-slate-200 bg-white lg:sticky lg:top-6 lg:self-start',
        isOpen ? 'lg:w-80' : 'lg:w-auto',
      )}
    >
      <div className="flex items-center justify-between gap-3 p-3">
        <h2 className={cn('px-2 font-bold text-slate-900', !isOpen && 'lg:sr-only')}>
          {t('menu.title')}
        </h2>
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={listId}
          onClick={onToggle}
          className="inline-flex h-9 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <ToggleIcon aria-hidden className="size-5 rtl:-scale-x-100" />
          {isOpen ? t('menu.hide') : t('menu.show')}
        </button>
      </div>
      <nav id={listId} aria-label={t('menu.label')} hidden={!isOpen} className="px-3 pb-3">
        <ul className="space-y-1.5">
          {GUIDE_IDS.map((id) => {
            const { icon: Icon, minutes, level } = GUIDES[id];
            const isActive = id === activeGuide;
            return (
              <li key={id}>
                <Link
                  to={guideHref(id)}
                  aria-current={isActive ? 'page' : undefined}
                  onClick={onNavigate}
                  className={cn(
                    'flex items-start gap-3 rounded-xl px-3 py-3 transition-colors',
                    'focus-visible:outline-2 focus-visible:outline-brand-700',
                    isActive
                      ? 'bg-brand-50 text-brand-900 ring-1 ring-inset ring-brand-700/20'
                      : 'text-slate-700 hover:bg-slate-50',
                  )}
                >
                  <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
                  <span className="min-w-0 space-y-1.5">
                    <span className="block font-semibold">{t(`guides.${id}`)}</span>
                    <span className="flex flex-wrap items-center gap-2 text-xs">
                      <span className="inline-flex items-center gap-1 text-slate-600">
                        <Clock aria-hidden className="size-3.5" />
                        <span className="sr-only">{t('menu.duration')}:</span>
                        {t('minutes', { count: minutes })}
                      </span>
                      <span
                        className={cn(
                          'rounded-full px-2 py-0.5 font-medium ring-1 ring-inset ring-slate-300/40',
                          levelTones[level],
                        )}
                      >
                        <span className="sr-only">{t('menu.level')}:</span>
                        {t(`levels.${level}`)}
                      </span>
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
        <Link
          to="/docs"
          className="mt-3 flex items-center gap-2 rounded-xl border border-dashed border-slate-300 px-3 py-2.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <ExternalLink aria-hidden className="size-4" />
          {t('menu.interactive')}
        </Link>
      </nav>
    </aside>
  );
}
