import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { failureReason } from '../../lib/problem-text.ts';
import { useStartIdentityProof } from './api.ts';

/** Why the codes are hidden until the national id is proven, and the way to prove it. */
export function ProveIdentityPanel() {
  const { t } = useTranslation('identity');
  const start = useStartIdentityProof();
  return (
    <section
      aria-labelledby="prove-identity-title"
      className="rounded-2xl border border-amber-200 bg-amber-50/60 px-5 py-8 sm:px-8"
    >
      <div className="mx-auto flex max-w-2xl flex-col items-center gap-3 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-white text-brand-700">
          <ShieldCheck aria-hidden className="size-7" />
        </span>
        <h2 id="prove-identity-title" className="text-lg font-bold text-slate-900">
          {t('panel.title')}
        </h2>
        <p className="text-sm leading-relaxed text-slate-700">{t('panel.why')}</p>
        <p className="text-sm leading-relaxed text-slate-700">{t('panel.how')}</p>
        {start.isError ? (
          <Alert tone="error" className="w-full">
            {failureReason(start.error)}
          </Alert>
        ) : null}
        <Button
          onClick={() => start.mutate()}
          disabled={start.isPending || start.isSuccess}
          className="mt-2"
        >
          {start.isPending || start.isSuccess ? t('panel.going') : t('panel.button')}
        </Button>
      </div>
    </section>
  );
}
