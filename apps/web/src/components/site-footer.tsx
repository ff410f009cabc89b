import { CONTACT_EMAIL } from '@tanqin/shared';
import { ExternalLink, Mail, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Logo } from './logo.tsx';

/**
 * The footer's pages, grouped; each opens in a new tab (spec section 2), but the person's way in,
 * which is where they are going, not something to read beside the page.
 */
export const FOOTER_GROUPS = [
  {
    key: 'individuals',
    sameTab: true,
    links: [
      { to: '/login', key: 'personalLogin' },
      { to: '/register', key: 'personalRegister' },
      { to: '/receipt', key: 'checkReceipt' },
    ],
  },
  {
    key: 'platform',
    links: [
      { to: '/about', key: 'about' },
      { to: '/services-guide', key: 'servicesGuide' },
      { to: '/pricing', key: 'pricing' },
      { to: '/faq', key: 'faq' },
    ],
  },
  {
    key: 'support',
    links: [
      { to: '/contact', key: 'contact' },
      { to: '/chat', key: 'chat' },
    ],
  },
  {
    key: 'legal',
    links: [
      { to: '/terms', key: 'terms' },
      { to: '/privacy', key: 'privacy' },
    ],
  },
] as const;

const NEW_TAB_HINT_ID = 'footer-new-tab-hint';

export function SiteFooter() {
  const { t } = useTranslation('landing');
  const { t: tCommon } = useTranslation('common');
  return (
    <footer className="border-t border-slate-800 bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-10 px-4 py-14 sm:px-6 md:grid-cols-[1.4fr_repeat(4,1fr)]">
        <div className="col-span-2 space-y-4 md:col-span-1">
          <div className="inline-flex rounded-xl bg-white px-3 py-2">
            <Logo />
          </div>
          <p className="max-w-xs text-sm leading-relaxed text-slate-400">{t('footer.tagline')}</p>
          <p className="flex items-center gap-2 text-sm">
            <Mail aria-hidden className="size-4 text-brand-500" />
            <a
              href={`mailto:${CONTACT_EMAIL}`}
              className="ltr-island rounded hover:text-white focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              {CONTACT_EMAIL}
            </a>
          </p>
        </div>
        <span id={NEW_TAB_HINT_ID} hidden>
          {t('footer.newTab')}
        </span>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.key} aria-labelledby={`footer-${group.key}`}>
            <h2 id={`footer-${group.key}`} className="text-sm font-bold text-white">
              {t(`footer.groups.${group.key}`)}
            </h2>
            <ul className="mt-4 space-y-3">
              {group.links.map((link) => (
                <li key={link.to}>
                  <a
                    href={link.to}
                    {...('sameTab' in group
                      ? {}
                      : {
                          target: '_blank',
                          rel: 'noopener noreferrer',
                          'aria-describedby': NEW_TAB_HINT_ID,
                        })}
                    className="group inline-flex items-center gap-1.5 rounded text-sm hover:text-white focus-visible:outline-2 focus-visible:outline-brand-500"
                  >
                    {t(`footer.links.${link.key}`)}
                    <ExternalLink
                      aria-hidden
                      className="size-3.5 opacity-0 transition-opacity group-hover:opacity-70 group-focus-visible:opacity-70"
                    />
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-slate-400 sm:flex-row sm:px-6">
          <p>{tCommon('rights')}</p>
          <p className="flex items-center gap-1.5">
            <MapPin aria-hidden className="size-4 text-brand-500" />
            {tCommon('riyadh')}
          </p>
        </div>
      </div>
    </footer>
  );
}
