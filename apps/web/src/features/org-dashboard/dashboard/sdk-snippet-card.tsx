import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { sdkInstallCommand } from '../../../lib/sdk-install.ts';
import { buildSdkSnippet } from './sdk-snippet.ts';

export function SdkSnippetCard({ clientId }: { clientId: string }) {
  const { t } = useTranslation('orgDashboard');
  const snippet = buildSdkSnippet(clientId, window.location.origin);
  return (
    <Card className="space-y-4 p-6">
      <div className="space-y-1">
        <h3 className="text-lg font-bold">{t('overview.sdk.title')}</h3>
        <p className="max-w-2xl text-sm leading-relaxed text-slate-600">{t('overview.sdk.body')}</p>
      </div>
      <CodeBlock
        code={sdkInstallCommand(window.location.origin)}
        label={t('overview.sdk.installLabel')}
        copyLabel={t('overview.sdk.installCopy')}
      />
      <CodeBlock
        code={snippet}
        label={t('overview.sdk.codeLabel')}
        copyLabel={t('overview.sdk.copy')}
      />
    </Card>
  );
}
