import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';
import type { TryItCredentials } from './try-it-panel.tsx';

/** The credentials every "try it" sends; kept in memory only, never in browser storage. */
export function CredentialsCard({
  credentials,
  onChange,
}: {
  credentials: TryItCredentials;
  onChange: (next: TryItCredentials) => void;
}) {
  const { t } = useTranslation('apiReference');
  const set = (patch: Partial<TryItCredentials>) => onChange({ ...credentials, ...patch });
  return (
    <section
      aria-labelledby="try-credentials-title"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="space-y-1">
        <h2 id="try-credentials-title" className="text-lg font-bold">
          {t('credentials.title')}
        </h2>
        <p className="text-sm leading-relaxed text-slate-600">{t('credentials.note')}</p>
      </div>
      <TextField
        label={t('credentials.clientId')}
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
        value={credentials.clientId}
        onChange={(event) => set({ clientId: event.target.value })}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t('credentials.mode')}</legend>
        <div className="flex flex-wrap gap-2">
          {(['basic', 'bearer'] as const).map((mode) => (
            <label
              key={mode}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm',
                credentials.mode === mode
                  ? 'border-brand-700 bg-brand-50 text-brand-900'
                  : 'border-slate-300 bg-white text-slate-700',
              )}
            >
              <input
                type="radio"
                name="try-auth-mode"
                value={mode}
                checked={credentials.mode === mode}
                onChange={() => set({ mode })}
                className="accent-brand-700"
              />
              {t(`credentials.${mode}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {credentials.mode === 'basic' ? (
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label={t('credentials.apiKey')}
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            value={credentials.apiKey}
            onChange={(event) => set({ apiKey: event.target.value })}
          />
          <TextField
            label={t('credentials.apiSecret')}
            type="password"
            dir="ltr"
            autoComplete="off"
            className="font-mono"
            value={credentials.apiSecret}
            onChange={(event) => set({ apiSecret: event.target.value })}
          />
        </div>
      ) : (
        <TextField
          label={t('credentials.bearerToken')}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          value={credentials.bearerToken}
          onChange={(event) => set({ bearerToken: event.target.value })}
        />
      )}
    </section>
  );
}
