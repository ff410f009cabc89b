import { useTranslation } from 'react-i18next';
import {
  BulletList,
  Callout,
  CodeBlock,
  GuideLink,
  GuideSection,
  Paragraph,
  Rich,
} from './components/guide-parts.tsx';
import type { GuideContext } from './guides/guide-context.ts';
import {
  auditVerifyCheckpoints,
  auditVerifyReceipt,
  auditVerifyReceiptOutput,
  doubleLockSdkSnippet,
  openSslKeyPair,
  receiptResponse,
  SAMPLE_BANK_CLIENT_ID,
  SAMPLE_BANK_NAME,
  sealedVerifyResponse,
} from './snippets.ts';

/**
 * The double lock and the audit receipts, for integrators: a part of the full integration guide
 * and of the API reference (/docs, where no one is signed in: `publicGuideContext`), one text
 * for both.
 */
export function CheckableGuarantees({ context }: { context: GuideContext }) {
  const { t } = useTranslation('documentation');
  const dashboardLinks = {
    settings: <GuideLink to="/org-dashboard?section=settings&tab=encryption" />,
    data: <GuideLink to="/org-dashboard?section=data" />,
  };
  return (
    <>
      <GuideSection id="double-lock" title={t('proofs.doubleLock.title')}>
        <Paragraph>
          <Rich k="proofs.doubleLock.what" />
        </Paragraph>
        <h4 className="font-bold text-slate-900">{t('proofs.doubleLock.registerTitle')}</h4>
        <BulletList>
          <li>
            <Rich k="proofs.doubleLock.registerDashboard" links={dashboardLinks} />
          </li>
          <li>
            <Rich k="proofs.doubleLock.registerSdk" />
          </li>
        </BulletList>
        <CodeBlock code={openSslKeyPair()} label={t('proofs.doubleLock.openSslLabel')} />
        <Paragraph>
          <Rich k="proofs.doubleLock.registerApi" />
        </Paragraph>
        <Callout tone="warning">{t('proofs.doubleLock.warning')}</Callout>
        <h4 className="font-bold text-slate-900">{t('proofs.doubleLock.verifyTitle')}</h4>
        <Paragraph>
          <Rich k="proofs.doubleLock.verify" />
        </Paragraph>
        <CodeBlock
          code={sealedVerifyResponse(context, context.organizationName)}
          label={t('proofs.doubleLock.verifyLabel')}
        />
        <Paragraph>
          <Rich k="proofs.doubleLock.format" />
        </Paragraph>
        <h4 className="font-bold text-slate-900">{t('proofs.doubleLock.sdkTitle')}</h4>
        <Paragraph>
          <Rich k="proofs.doubleLock.sdk" />
        </Paragraph>
        <CodeBlock code={doubleLockSdkSnippet(context)} label={t('proofs.doubleLock.sdkLabel')} />
        <Paragraph>
          <Rich k="proofs.doubleLock.sdkWithoutKey" links={dashboardLinks} />
        </Paragraph>
      </GuideSection>

      <GuideSection id="audit-receipts" title={t('proofs.receipts.title')}>
        <Paragraph>
          <Rich k="proofs.receipts.what" />
        </Paragraph>
        <Paragraph>
          <Rich k="proofs.receipts.get" />
        </Paragraph>
        <CodeBlock code={receiptResponse(context)} label={t('code.response')} />
        <Paragraph>
          <Rich k="proofs.receipts.keys" />
        </Paragraph>
        <h4 className="font-bold text-slate-900">{t('proofs.receipts.offlineTitle')}</h4>
        <Paragraph>{t('proofs.receipts.offline')}</Paragraph>
        <CodeBlock code={auditVerifyReceipt(context)} label={t('proofs.receipts.offlineLabel')} />
        <Paragraph>
          <Rich k="proofs.receipts.output" />
        </Paragraph>
        <CodeBlock
          code={auditVerifyReceiptOutput(context)}
          label={t('proofs.receipts.outputLabel')}
        />
        <Paragraph>
          <Rich k="proofs.receipts.auditor" />
        </Paragraph>
        <CodeBlock code={auditVerifyCheckpoints()} label={t('proofs.receipts.auditorLabel')} />
        <Paragraph>
          <Rich k="proofs.receipts.tools" />
        </Paragraph>
      </GuideSection>
    </>
  );
}

/** The samples of a page read without signing in: this server and a sample organisation. */
export const publicGuideContext = (baseUrl: string): GuideContext => ({
  baseUrl,
  clientId: SAMPLE_BANK_CLIENT_ID,
  organizationName: SAMPLE_BANK_NAME,
});
