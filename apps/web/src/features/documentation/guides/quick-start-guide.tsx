import { useTranslation } from 'react-i18next';
import {
  BulletList,
  Callout,
  CodeBlock,
  GuideLink,
  Paragraph,
  Rich,
  Step,
} from '../components/guide-parts.tsx';
import { guideHref } from '../guides.ts';
import {
  envSnippet,
  generateCurl,
  generateResponse,
  SAMPLE_TOKEN,
  SAMPLE_TOKEN_ID,
  statusCurl,
  statusResponse,
  usedAgainResponse,
  verifyCurl,
  verifyResponse,
} from '../snippets.ts';
import type { GuideContext } from './guide-context.ts';

/** Key, then generate, verify (twice) and status with curl, filled with this organisation's values. */
export function QuickStartGuide({ context }: { context: GuideContext }) {
  const { t } = useTranslation('documentation');
  return (
    <>
      <Paragraph>{t('quickStart.intro')}</Paragraph>

      <Callout tone="info" title={t('quickStart.prerequisites.title')}>
        <BulletList>
          <li>{t('quickStart.prerequisites.account')}</li>
          <li>
            <Rich k="quickStart.prerequisites.clientId" values={{ clientId: context.clientId }} />
          </li>
          <li>{t('quickStart.prerequisites.curl')}</li>
        </BulletList>
      </Callout>

      <Step id="quick-start-key" number={1} title={t('quickStart.step1.title')}>
        <Paragraph>
          <Rich
            k="quickStart.step1.body"
            links={{ keys: <GuideLink to="/org-dashboard?section=keys" /> }}
          />
        </Paragraph>
        <Paragraph>
          <Rich k="quickStart.step1.testKey" />
        </Paragraph>
        <Callout tone="warning">
          <Rich k="quickStart.step1.secret" />
        </Callout>
      </Step>

      <Step id="quick-start-env" number={2} title={t('quickStart.step2.title')}>
        <Paragraph>{t('quickStart.step2.body')}</Paragraph>
        <CodeBlock code={envSnippet()} label={t('quickStart.step2.codeLabel')} />
      </Step>

      <Step id="quick-start-generate" number={3} title={t('quickStart.step3.title')}>
        <Paragraph>
          <Rich k="quickStart.step3.body" />
        </Paragraph>
        <CodeBlock code={generateCurl(context)} label={t('quickStart.step3.codeLabel')} />
        <Paragraph>
          <Rich k="quickStart.step3.response" />
        </Paragraph>
        <CodeBlock code={generateResponse()} label={t('quickStart.step3.responseLabel')} />
      </Step>

      <Step id="quick-start-verify" number={4} title={t('quickStart.step4.title')}>
        <Paragraph>
          <Rich k="quickStart.step4.body" values={{ sample: SAMPLE_TOKEN }} />
        </Paragraph>
        <CodeBlock code={verifyCurl(context)} label={t('quickStart.step4.codeLabel')} />
        <Paragraph>
          <Rich k="quickStart.step4.response" />
        </Paragraph>
        <CodeBlock
          code={verifyResponse(context, context.organizationName)}
          label={t('quickStart.step4.responseLabel')}
        />
        <Paragraph>
          <Rich k="quickStart.step4.again" />
        </Paragraph>
        <CodeBlock code={usedAgainResponse()} label={t('quickStart.step4.againLabel')} />
      </Step>

      <Step id="quick-start-status" number={5} title={t('quickStart.step5.title')}>
        <Paragraph>
          <Rich k="quickStart.step5.body" values={{ sample: SAMPLE_TOKEN_ID }} />
        </Paragraph>
        <CodeBlock code={statusCurl(context)} label={t('quickStart.step5.codeLabel')} />
        <Paragraph>
          <Rich k="quickStart.step5.response" />
        </Paragraph>
        <CodeBlock
          code={statusResponse(context, context.organizationName)}
          label={t('quickStart.step5.responseLabel')}
        />
      </Step>

      <Callout tone="success" title={t('quickStart.done.title')}>
        <Rich
          k="quickStart.done.body"
          links={{
            wallet: <GuideLink to="/org-dashboard?section=wallet" />,
            next: <GuideLink to={guideHref('fullIntegration')} />,
          }}
        />
      </Callout>
    </>
  );
}
