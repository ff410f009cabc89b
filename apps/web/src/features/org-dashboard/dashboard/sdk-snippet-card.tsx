import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { sdkInstallCommand } from '../../../lib/sdk-install.ts';
import { buildSdkSnippet } from './sdk-snippet.ts';

export function SdkSnippetCard({ clientId }: { clientId: string }) {
  const { t } = useTranslation('orgDashboard');
  const snippet = buildSdkSnippet(clientId, window.location.origin);
  return (
    <Card className="space-y-4 p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h3 className="text-lg font-bold">{t('overview.sdk.title')}</h3>
          <p className="max-w-2xl text-sm leading-relaxed text-slate-600">
            {t('overview.sdk.body')}
          </p>
        </div>
        <CopyButton value={snippet} label={t('overview.sdk.copy')} />
      </div>
      <CodeBlock
        code={sdkInstallCommand(window.location.origin)}
        label={t('overview.sdk.installLabel')}
        copyLabel={t('overview.sdk.installCopy')}
      />
      <section
        aria-label={t('overview.sdk.codeLabel')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="ltr-island overflow-x-auto rounded-xl bg-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <pre className="w-max min-w-full p-4 text-start font-mono text-sm leading-relaxed text-slate-100">
          <code>{snippet}</code>
        </pre>
      </section>
    </Card>
  );
}
