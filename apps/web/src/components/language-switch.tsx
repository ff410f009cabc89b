import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { type AppLanguage, prefetchLanguage, setLanguage } from '../lib/i18n.ts';
import { hasIndividualToken } from '../lib/session.ts';

/**
 * Switches the interface and keeps the choice in this browser; a signed-in person's choice is
 * their profile's language too, from whichever header they switch (the public pages' as well as
 * their own area's). The saving code is fetched only then: the landing page's script stays small.
 */
async function switchLanguage(language: AppLanguage, queryClient: QueryClient) {
  await setLanguage(language);
  if (!hasIndividualToken()) return;
  const { saveProfileLanguage } = await import('../lib/api/personal-language.ts');
  await saveProfileLanguage(language, queryClient);
}

/**
 * عربي / English: one button naming the other language in that language (and marked with its
 * `lang`, so a screen reader pronounces it right). The choice is kept for the next visit.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const queryClient = useQueryClient();
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
      onClick={() => void switchLanguage(other, queryClient)}
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
