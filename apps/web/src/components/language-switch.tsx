import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { type AppLanguage, prefetchLanguage, setLanguage } from '../lib/i18n.ts';

/**
 * عربي / English: one button naming the other language in that language (and marked with its
 * `lang`, so a screen reader pronounces it right). The choice is kept for the next visit;
 * `onSwitch` replaces the plain switch (the signed-in person's header also saves it).
 */
export function LanguageSwitch({
  className,
  onSwitch = setLanguage,
}: {
  className?: string;
  onSwitch?: (language: AppLanguage) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const other: AppLanguage = i18n.language === 'en' ? 'ar' : 'en';
  return (
    <button
      type="button"
      lang={other}
      title={t(`language.switchTo.${other}`)}
      data-testid="language-switch"
      // Fetch the English texts as soon as the pointer heads for the button.
      onPointerEnter={() => void prefetchLanguage(other)}
      onFocus={() => void prefetchLanguage(other)}
      onClick={() => void onSwitch(other)}
      className={cn(
        'inline-flex h-10 shrink-0 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-slate-700',
        'hover:bg-slate-100 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
        className,
      )}
    >
      <Languages aria-hidden className="size-4 max-sm:hidden" />
      {t(`language.names.${other}`)}
    </button>
  );
}
