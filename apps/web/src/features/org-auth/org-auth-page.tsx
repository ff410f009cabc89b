import { ArrowLeft } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { LoginForm } from './components/login-form.tsx';
import { SignupForm } from './components/signup-form.tsx';
import { safeRedirectPath } from './redirect-target.ts';

const AUTH_TABS = ['login', 'signup'] as const;
type AuthTab = (typeof AUTH_TABS)[number];

/** `?tab=signup` opens sign-up; anything else, or nothing, opens login (spec section 2). */
const tabFromQuery = (value: string | null): AuthTab => (value === 'signup' ? 'signup' : 'login');

const tabTriggerClasses = cn(
  'rounded-lg px-3 py-2.5 text-sm font-semibold text-slate-600 transition-colors',
  'hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
  'data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm',
);

function PanelHeading({ tab }: { tab: AuthTab }) {
  const { t } = useTranslation('orgAuth');
  return (
    <div className="mb-6 space-y-1.5">
      <h2 className="text-xl font-bold text-slate-900">{t(`${tab}.title`)}</h2>
      <p className="text-sm leading-relaxed text-slate-600">{t(`${tab}.subtitle`)}</p>
    </div>
  );
}

/** /org-auth: the organisation platform's login and sign-up, one tab each. */
export function OrgAuthPage() {
  const { t } = useTranslation('orgAuth');
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromQuery(searchParams.get('tab'));
  useDocumentTitle(t(`${tab}.title`));
  const redirectTo = safeRedirectPath(searchParams.get('redirect'));
  const [signedUpEmail, setSignedUpEmail] = useState<string>();

  // The tab lives in the URL but is not a page of its own: switching replaces the entry and
  // keeps every other parameter, `redirect` included.
  const selectTab = (next: AuthTab) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  return (
    <AuthLayout>
      <Card className={cn('w-full p-5 sm:p-8', tab === 'signup' ? 'max-w-3xl' : 'max-w-md')}>
        <Tabs.Root value={tab} onValueChange={(value) => selectTab(tabFromQuery(value))}>
          <Tabs.List
            aria-label={t('tabs.label')}
            className="mb-8 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1"
          >
            {AUTH_TABS.map((value) => (
              <Tabs.Trigger key={value} value={value} className={tabTriggerClasses}>
                {t(`tabs.${value}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content
            value="login"
            className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700"
          >
            <PanelHeading tab="login" />
            <LoginForm
              redirectTo={redirectTo}
              defaultEmail={signedUpEmail}
              onGoToSignup={() => selectTab('signup')}
            />
          </Tabs.Content>
          <Tabs.Content
            value="signup"
            className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700"
          >
            <PanelHeading tab="signup" />
            <SignupForm
              onGoToLogin={(adminEmail) => {
                if (adminEmail) setSignedUpEmail(adminEmail);
                selectTab('login');
              }}
            />
          </Tabs.Content>
        </Tabs.Root>
      </Card>
      <p className="mt-6 max-w-md text-center text-sm leading-relaxed text-slate-600">
        <span className="font-semibold text-slate-800">{t('layout.individuals')}</span>
        {' · '}
        {t('layout.individualsText')}{' '}
        <Link
          to="/login"
          className="rounded font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {t('layout.personalLogin')}
        </Link>
        {' · '}
        <Link
          to="/register"
          className="rounded font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {t('layout.personalRegister')}
        </Link>
      </p>
      <Link
        to="/"
        className="mt-6 inline-flex items-center gap-2 rounded text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
        {t('layout.homeLink')}
      </Link>
    </AuthLayout>
  );
}
