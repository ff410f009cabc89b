import { Building2, Check, LogIn, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

const BENEFITS = ['credentials', 'keys', 'security', 'wallet'] as const;

export function OrgCtaSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="org-cta-title" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
      <div className="relative overflow-hidden rounded-3xl bg-linear-to-br from-brand-800 to-brand-900 px-6 py-10 text-white shadow-xl sm:px-10 lg:py-14">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <div>
            <span className="flex size-12 items-center justify-center rounded-2xl bg-white/10">
              <Building2 aria-hidden className="size-6" />
            </span>
            <h2 id="org-cta-title" className="mt-5 text-2xl font-bold sm:text-3xl">
              {t('orgCta.title')}
            </h2>
            <p className="mt-3 leading-relaxed text-brand-100">{t('orgCta.body')}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link
                to="/org-auth?redirect=/"
                className={cn(buttonClasses('secondary', 'lg'), 'focus-visible:outline-white')}
              >
                <LogIn aria-hidden className="size-5 rtl:rotate-180" />
                {t('orgCta.login')}
              </Link>
              <Link
                to="/org-auth?tab=signup"
                className={cn(
                  buttonClasses('primary', 'lg'),
                  'bg-brand-600 ring-1 ring-white/30 hover:bg-brand-500 focus-visible:outline-white',
                )}
              >
                <UserPlus aria-hidden className="size-5" />
                {t('orgCta.signup')}
              </Link>
            </div>
          </div>
          <ul className="grid gap-3 sm:grid-cols-2">
            {BENEFITS.map((benefit) => (
              <li
                key={benefit}
                className="flex items-start gap-3 rounded-2xl bg-white/5 p-4 text-sm leading-relaxed ring-1 ring-white/10"
              >
                <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-500" />
                {t(`orgCta.benefits.${benefit}`)}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
