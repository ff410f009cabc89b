import type { MemberRole } from '@tanqin/shared';
import { useTranslation } from 'react-i18next';
import { TestModeNote } from '../../components/test-mode-note.tsx';
import { useConsoleMode } from '../../lib/console-mode.ts';
import { AskForDataPanel } from './components/ask-for-data-panel.tsx';
import { CodesList } from './components/codes-list.tsx';
import { HeldKeyProvider } from './components/held-key.tsx';
import { VerifyCodePanel } from './components/verify-code-panel.tsx';

/**
 * The "encrypted data" item of the organisation dashboard: staff decrypt a code the customer
 * shared (journey step 4), and follow the codes the organisation issued and received.
 */
export default function CodesSection({
  organization,
}: {
  organization: { id: string; role: MemberRole };
}) {
  const { t } = useTranslation('codes');
  const { t: tm } = useTranslation('consoleMode');
  const mode = useConsoleMode();
  return (
    <div className="space-y-6">
      <p className="max-w-3xl text-sm leading-relaxed text-slate-600">{t('intro')}</p>
      <div className="max-w-3xl space-y-3">
        {mode === 'test' ? <TestModeNote>{tm('decrypt')}</TestModeNote> : null}
        <HeldKeyProvider>
          <AskForDataPanel organizationId={organization.id} role={organization.role} />
          <VerifyCodePanel organizationId={organization.id} role={organization.role} />
        </HeldKeyProvider>
      </div>
      {/* Mounted afresh in the other mode: its filters and pages were the other mode's. */}
      <CodesList key={mode} organizationId={organization.id} role={organization.role} mode={mode} />
    </div>
  );
}
