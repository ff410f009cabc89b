import { CircleCheckBig, LogIn } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

/** Replaces the sign-up form once the organisation exists (spec section 4). */
export function SignupSuccess({
  onGoToLogin,
  onRegisterAnother,
}: {
  onGoToLogin: () => void;
  onRegisterAnother: () => void;
}) {
  const { t } = useTranslation('orgAuth');
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form the user was in is gone: focus lands on the news that replaced it.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div
      role="status"
      className="flex flex-col items-center gap-4 rounded-2xl border border-green-200 bg-green-50 px-6 py-10 text-center"
    >
      <CircleCheckBig aria-hidden className="size-14 text-green-600" />
      <h3
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-bold text-green-900 focus:outline-none"
      >
        {t('signup.successTitle')}
      </h3>
      <p className="text-green-900">{t('signup.successBody')}</p>
      <p className="text-sm text-slate-700">{t('signup.successLoginHint')}</p>
      <div className="mt-2 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
        <Button size="lg" onClick={onGoToLogin}>
          <LogIn aria-hidden className="size-5 rtl:rotate-180" />
          {t('signup.goToLogin')}
        </Button>
        <Button size="lg" variant="secondary" onClick={onRegisterAnother}>
          {t('signup.registerAnother')}
        </Button>
      </div>
    </div>
  );
}
