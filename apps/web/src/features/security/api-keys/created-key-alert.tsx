import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import type { CreatedApiKey } from '../api/create-api-key.ts';

const valueClasses =
  'ltr-island block min-w-64 flex-1 break-all rounded-lg border border-slate-200 bg-white px-3 py-2 text-start font-mono text-sm text-slate-900';

/**
 * The new key and its secret, shown once: the secret lives only in this component's props and
 * is gone when the user dismisses it. Focus moves here so nobody misses it.
 */
export function CreatedKeyAlert({
  created,
  onDismiss,
}: {
  created: CreatedApiKey;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('apiKeys');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section
      aria-labelledby="created-key-title"
      className="space-y-4 rounded-2xl border border-green-200 bg-green-50 p-5"
    >
      <h4
        id="created-key-title"
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-base font-bold text-green-900 focus:outline-none"
      >
        <CheckCircle2 aria-hidden className="size-5 shrink-0" />
        {t('created.title', { name: created.key_name })}
      </h4>
      <div
        role="alert"
        className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      >
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        <p className="leading-relaxed">{t('created.warning')}</p>
      </div>
      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-800">{t('created.apiKey')}</p>
        <div className="flex flex-wrap items-center gap-2">
          <code className={valueClasses}>{created.api_key}</code>
          <CopyButton value={created.api_key} label={t('created.copyApiKey')} />
        </div>
      </div>
      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-800">{t('created.apiSecret')}</p>
        <div className="flex flex-wrap items-center gap-2">
          <code className={valueClasses}>{created.api_secret}</code>
          <CopyButton value={created.api_secret} label={t('created.copyApiSecret')} />
        </div>
      </div>
      <Button variant="secondary" onClick={onDismiss}>
        {t('created.dismiss')}
      </Button>
    </section>
  );
}
