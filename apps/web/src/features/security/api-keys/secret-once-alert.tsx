import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';

const valueClasses =
  'ltr-island block min-w-64 flex-1 break-all rounded-lg border border-slate-200 bg-white px-3 py-2 text-start font-mono text-sm text-slate-900';

/** A key and its secret shown once: after creating the key, or after rolling its secret. */
export interface SecretOnce {
  /** The key's id: the panel goes when the key does. */
  id: string;
  key_name: string;
  api_key: string;
  api_secret: string;
  /** Rolled: until when the previous secret keeps working (null: it stopped at once). */
  previous_secret_expires_at?: string | null;
  reason: 'created' | 'rolled';
}

/**
 * The key and its secret, shown once: the secret lives only in this component's props and is
 * gone when the user dismisses it. Focus moves here so nobody misses it.
 */
export function SecretOnceAlert({
  secret,
  note,
  onDismiss,
}: {
  secret: SecretOnce;
  /** What to know besides "copy it now", e.g. how long the old secret still works. */
  note?: string;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('apiKeys');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section
      aria-labelledby={titleId}
      className="space-y-4 rounded-2xl border border-green-200 bg-green-50 p-5"
    >
      <h4
        id={titleId}
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-base font-bold text-green-900 focus:outline-none"
      >
        <CheckCircle2 aria-hidden className="size-5 shrink-0" />
        {t(`${secret.reason}.title`, { name: secret.key_name })}
      </h4>
      <div
        role="alert"
        className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      >
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        <div className="space-y-1 leading-relaxed">
          <p>{t(`${secret.reason}.warning`)}</p>
          {note ? <p>{note}</p> : null}
        </div>
      </div>
      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-800">{t('created.apiKey')}</p>
        <div className="flex flex-wrap items-center gap-2">
          <code className={valueClasses}>{secret.api_key}</code>
          <CopyButton value={secret.api_key} label={t('created.copyApiKey')} />
        </div>
      </div>
      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-800">{t('created.apiSecret')}</p>
        <div className="flex flex-wrap items-center gap-2">
          <code className={valueClasses}>{secret.api_secret}</code>
          <CopyButton value={secret.api_secret} label={t('created.copyApiSecret')} />
        </div>
      </div>
      <Button variant="secondary" onClick={onDismiss}>
        {t('created.dismiss')}
      </Button>
    </section>
  );
}
