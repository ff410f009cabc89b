import { useTranslation } from 'react-i18next';
import { sdkInstallCommand } from '../../../lib/sdk-install.ts';
import { CheckableGuarantees } from '../checkable-guarantees.tsx';
import {
  BulletList,
  Callout,
  CodeBlock,
  DocTable,
  GuideLink,
  GuideSection,
  NameWithNote,
  Paragraph,
  Rich,
  StatusCode,
} from '../components/guide-parts.tsx';
import {
  audienceCurl,
  bearerCurl,
  oauthTokenCurl,
  oauthTokenResponse,
  rateLimitedResponse,
  rateLimitHeaders,
  revokeCurl,
  revokeResponse,
  sdkSnippet,
  validationProblem,
} from '../snippets.ts';
import type { GuideContext } from './guide-context.ts';

const GENERATE_FIELDS = [
  'data',
  'data_scope',
  'expires_in',
  'one_time_use',
  'audience',
  'subject',
] as const;

/** Every problem code of the token calls, by status (the OAuth endpoint has its own shape). */
const ERROR_ROWS: Array<[number, string]> = [
  [400, 'validation_failed'],
  [400, 'invalid_json'],
  [400, 'invalid_audience'],
  [400, 'token_malformed'],
  [400, 'bad_request'],
  [401, 'unauthenticated'],
  [401, 'invalid_api_key'],
  [401, 'invalid_token'],
  [401, 'client_id_mismatch'],
  [401, 'key_inactive'],
  [401, 'key_expired'],
  [403, 'ip_not_allowed'],
  [403, 'country_not_allowed'],
  [403, 'insufficient_scope'],
  [404, 'token_not_found'],
  [410, 'token_used'],
  [410, 'token_expired'],
  [410, 'token_revoked'],
  [413, 'payload_too_large'],
  [414, 'bad_request'],
  [415, 'unsupported_media_type'],
  [429, 'rate_limited'],
  [500, 'internal_error'],
  [503, 'overloaded'],
];

const CHECKLIST = ['keys', 'secrets', 'gone', 'retry', 'monitor'] as const;
const TEST_MODE_POINTS = ['free', 'apart', 'testIds', 'real', 'marked'] as const;

export function FullIntegrationGuide({ context }: { context: GuideContext }) {
  const { t } = useTranslation('documentation');
  const dashboardLinks = {
    security: <GuideLink to="/org-dashboard?section=verification" />,
    wallet: <GuideLink to="/org-dashboard?section=wallet" />,
  };
  return (
    <>
      <Paragraph>{t('fullIntegration.intro')}</Paragraph>

      <GuideSection id="integration-server" title={t('fullIntegration.serverSide.title')}>
        <Callout tone="warning">{t('fullIntegration.serverSide.body')}</Callout>
      </GuideSection>

      <GuideSection id="integration-auth" title={t('fullIntegration.auth.title')}>
        <Paragraph>
          <Rich k="fullIntegration.auth.body" values={{ clientId: context.clientId }} />
        </Paragraph>
        <BulletList>
          <li>
            <Rich k="fullIntegration.auth.basic" />
          </li>
          <li>
            <Rich k="fullIntegration.auth.oauth" />
          </li>
        </BulletList>
        <CodeBlock
          code={oauthTokenCurl(context)}
          label={t('fullIntegration.auth.oauthCodeLabel')}
        />
        <CodeBlock
          code={oauthTokenResponse()}
          label={t('fullIntegration.auth.oauthResponseLabel')}
        />
        <CodeBlock code={bearerCurl(context)} label={t('fullIntegration.auth.bearerCodeLabel')} />
        <Paragraph>
          <Rich k="fullIntegration.auth.oauthDetails" />
        </Paragraph>
        <Paragraph>
          <Rich k="fullIntegration.auth.oauthErrors" />
        </Paragraph>
      </GuideSection>

      <GuideSection id="integration-test-mode" title={t('fullIntegration.testMode.title')}>
        <Paragraph>
          <Rich k="fullIntegration.testMode.body" />
        </Paragraph>
        <BulletList>
          {TEST_MODE_POINTS.map((point) => (
            <li key={point}>
              <Rich k={`fullIntegration.testMode.items.${point}`} />
            </li>
          ))}
        </BulletList>
        <Paragraph>{t('fullIntegration.testMode.switch')}</Paragraph>
      </GuideSection>

      <GuideSection id="integration-generate" title={t('fullIntegration.generate.title')}>
        <Paragraph>
          <Rich k="fullIntegration.generate.body" />
        </Paragraph>
        <DocTable
          label={t('fullIntegration.generate.title')}
          columns={[t('table.field'), t('table.description')]}
          rows={GENERATE_FIELDS.map((field) => [
            <NameWithNote
              key="name"
              name={field}
              note={t(`fullIntegration.generate.fields.${field}.type`)}
            />,
            <Rich key="description" k={`fullIntegration.generate.fields.${field}.description`} />,
          ])}
        />
      </GuideSection>

      <GuideSection id="integration-audience" title={t('fullIntegration.audience.title')}>
        <Paragraph>
          <Rich k="fullIntegration.audience.body" />
        </Paragraph>
        <CodeBlock code={audienceCurl(context)} label={t('fullIntegration.audience.codeLabel')} />
        <Paragraph>
          <Rich k="fullIntegration.audience.after" />
        </Paragraph>
      </GuideSection>

      <GuideSection id="integration-verify" title={t('fullIntegration.verify.title')}>
        <Paragraph>
          <Rich k="fullIntegration.verify.body" />
        </Paragraph>
      </GuideSection>

      <GuideSection id="integration-status" title={t('fullIntegration.status.title')}>
        <Paragraph>
          <Rich k="fullIntegration.status.body" />
        </Paragraph>
      </GuideSection>

      <GuideSection id="integration-expiry" title={t('fullIntegration.expiry.title')}>
        <Paragraph>
          <Rich k="fullIntegration.expiry.body" />
        </Paragraph>
      </GuideSection>

      <GuideSection id="integration-revoke" title={t('fullIntegration.revoke.title')}>
        <Paragraph>
          <Rich k="fullIntegration.revoke.body" />
        </Paragraph>
        <CodeBlock code={revokeCurl(context)} label={t('fullIntegration.revoke.codeLabel')} />
        <CodeBlock code={revokeResponse()} label={t('code.response')} />
        <Paragraph>
          <Rich k="fullIntegration.revoke.after" />
        </Paragraph>
      </GuideSection>

      <GuideSection id="integration-rate-limits" title={t('fullIntegration.rateLimits.title')}>
        <Paragraph>{t('fullIntegration.rateLimits.body')}</Paragraph>
        <CodeBlock code={rateLimitHeaders()} label={t('fullIntegration.rateLimits.codeLabel')} />
        <Paragraph>
          <Rich k="fullIntegration.rateLimits.explain" />
        </Paragraph>
        <Paragraph>
          <Rich k="fullIntegration.rateLimits.limited" />
        </Paragraph>
        <CodeBlock
          code={rateLimitedResponse()}
          label={t('fullIntegration.rateLimits.limitedLabel')}
        />
      </GuideSection>

      <GuideSection id="integration-errors" title={t('fullIntegration.errors.title')}>
        <Paragraph>
          <Rich k="fullIntegration.errors.body" />
        </Paragraph>
        <CodeBlock code={validationProblem()} label={t('fullIntegration.errors.codeLabel')} />
        <DocTable
          label={t('fullIntegration.errors.tableLabel')}
          columns={[t('table.statusCode'), t('table.meaning')]}
          rows={ERROR_ROWS.map(([status, code]) => [
            <StatusCode key="code" status={status} code={code} />,
            t(`errorCodes.${code}`),
          ])}
        />
        <Paragraph>
          <Rich k="fullIntegration.errors.pipeline" links={dashboardLinks} />
        </Paragraph>
      </GuideSection>

      <GuideSection id="integration-network" title={t('fullIntegration.network.title')}>
        <Paragraph>
          <Rich k="fullIntegration.network.body" />
        </Paragraph>
      </GuideSection>

      <GuideSection id="integration-sdk" title={t('fullIntegration.sdk.title')}>
        <Paragraph>
          <Rich k="fullIntegration.sdk.install" />
        </Paragraph>
        <CodeBlock
          code={sdkInstallCommand(context.baseUrl)}
          label={t('fullIntegration.sdk.installLabel')}
        />
        <Paragraph>
          <Rich k="fullIntegration.sdk.body" />
        </Paragraph>
        <CodeBlock code={sdkSnippet(context)} label={t('fullIntegration.sdk.codeLabel')} />
        <Paragraph>
          <Rich k="fullIntegration.sdk.errors" />
        </Paragraph>
      </GuideSection>

      <CheckableGuarantees context={context} />

      <GuideSection id="integration-checklist" title={t('fullIntegration.checklist.title')}>
        <BulletList>
          {CHECKLIST.map((item) => (
            <li key={item}>
              <Rich k={`fullIntegration.checklist.items.${item}`} links={dashboardLinks} />
            </li>
          ))}
        </BulletList>
      </GuideSection>
    </>
  );
}
