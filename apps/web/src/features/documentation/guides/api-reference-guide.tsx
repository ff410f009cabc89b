import { useTranslation } from 'react-i18next';
import {
  CodeBlock,
  DocTable,
  GuideLink,
  GuideSection,
  InlineCode,
  NameWithNote,
  Paragraph,
  Rich,
  StatusCode,
} from '../components/guide-parts.tsx';
import { REFERENCE_ENDPOINTS, type ReferenceEndpoint } from '../reference-endpoints.ts';
import {
  auditOrganizationCurl,
  auditOrganizationResponse,
  cancelRequestCurl,
  checkpointCurl,
  checkpointResponse,
  consistencyCurl,
  consistencyResponse,
  createRequestCurl,
  generateCurl,
  generateResponse,
  getRequestCurl,
  latestCheckpointCurl,
  oauthTokenCurl,
  oauthTokenResponse,
  receiptCurl,
  receiptResponse,
  requestResponse,
  revokeCurl,
  revokeResponse,
  type SnippetContext,
  statusCurl,
  statusResponse,
  verifyCurl,
  verifyResponse,
} from '../snippets.ts';
import type { GuideContext } from './guide-context.ts';

const examples: Record<
  ReferenceEndpoint['id'],
  { request: (c: SnippetContext) => string; response: (c: GuideContext) => string }
> = {
  generate: { request: generateCurl, response: () => generateResponse() },
  verify: { request: verifyCurl, response: (c) => verifyResponse(c, c.organizationName) },
  status: { request: statusCurl, response: (c) => statusResponse(c, c.organizationName) },
  revoke: { request: revokeCurl, response: () => revokeResponse() },
  oauthToken: { request: oauthTokenCurl, response: () => oauthTokenResponse() },
  receipt: { request: receiptCurl, response: (c) => receiptResponse(c) },
  auditOrganization: {
    request: auditOrganizationCurl,
    response: (c) => auditOrganizationResponse(c.organizationName),
  },
  latestCheckpoint: { request: latestCheckpointCurl, response: (c) => checkpointResponse(c) },
  checkpoint: { request: checkpointCurl, response: (c) => checkpointResponse(c, 41) },
  consistency: { request: consistencyCurl, response: () => consistencyResponse() },
  createRequest: { request: createRequestCurl, response: (c) => requestResponse(c) },
  getRequest: { request: getRequestCurl, response: (c) => requestResponse(c, 'fulfilled') },
  cancelRequest: { request: cancelRequestCurl, response: (c) => requestResponse(c, 'cancelled') },
};

export const methodTone = (method: string) =>
  method === 'GET' ? 'bg-sky-700 text-white' : 'bg-brand-700 text-white';

function Term({ children }: { children: string }) {
  return <dt className="font-semibold text-slate-900">{children}</dt>;
}

function EndpointCard({
  endpoint,
  context,
}: {
  endpoint: ReferenceEndpoint;
  context: GuideContext;
}) {
  const { t } = useTranslation('documentation');
  const { request, response } = examples[endpoint.id];
  const headingId = `reference-${endpoint.id}-title`;
  return (
    <section
      aria-labelledby={headingId}
      className="doc-section space-y-4 rounded-2xl border border-slate-200 p-3 sm:p-6"
    >
      <h3 id={headingId} className="flex flex-wrap items-center gap-3 text-lg font-bold">
        <span
          className={`doc-method rounded-md px-2 py-0.5 font-mono text-xs font-bold ${methodTone(endpoint.method)}`}
        >
          {endpoint.method}
        </span>{' '}
        <span dir="ltr" className="ltr-island font-mono text-base [overflow-wrap:anywhere]">
          {endpoint.path}
        </span>
      </h3>
      <Paragraph>{t(`apiReference.endpoints.${endpoint.id}`)}</Paragraph>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
        <Term>{t('apiReference.labels.scope')}</Term>
        <dd className="flex flex-wrap items-center gap-2 text-slate-700">
          {endpoint.isPublic ? (
            t('apiReference.labels.public')
          ) : endpoint.scopes ? (
            <>
              {endpoint.scopes.length > 1 ? (
                <span>{t('apiReference.labels.anyScope')}:</span>
              ) : null}
              {endpoint.scopes.map((scope) => (
                <InlineCode key={scope}>{scope}</InlineCode>
              ))}
            </>
          ) : (
            t('apiReference.labels.noScope')
          )}
        </dd>
        {endpoint.isPublic ? null : (
          <>
            <Term>{t('apiReference.labels.headers')}</Term>
            <dd className="flex flex-wrap items-center gap-2 text-slate-700">
              {(endpoint.scopes ? ['X-Client-Id', 'Authorization'] : ['Authorization: Basic']).map(
                (header) => (
                  <InlineCode key={header}>{header}</InlineCode>
                ),
              )}
              {endpoint.body ? <InlineCode>Content-Type</InlineCode> : null}
              {endpoint.scopes ? null : <span>({t('apiReference.labels.headersOauthNote')})</span>}
            </dd>
          </>
        )}
        {endpoint.pathParams.length > 0 ? (
          <>
            <Term>{t('apiReference.labels.pathParams')}</Term>
            <dd className="space-y-1 text-slate-700">
              {endpoint.pathParams.map((param) => (
                <p key={param}>
                  <InlineCode>{param}</InlineCode> <Rich k={`apiReference.params.${param}`} />
                </p>
              ))}
            </dd>
          </>
        ) : null}
        <Term>{t('apiReference.labels.body')}</Term>
        <dd className="min-w-0 text-slate-700">
          {endpoint.body ? (
            <div className="space-y-2">
              <p className="flex flex-wrap gap-2">
                {endpoint.body.contentTypes.map((type) => (
                  <InlineCode key={type}>{type}</InlineCode>
                ))}
              </p>
              <DocTable
                label={`${t('apiReference.labels.body')} ${endpoint.path}`}
                columns={[t('table.field'), t('table.description')]}
                rows={endpoint.body.fields.map((field) => [
                  <NameWithNote
                    key="name"
                    name={field.name}
                    note={field.required ? t('table.required') : t('table.optional')}
                  />,
                  t(`apiReference.fields.${field.name}`),
                ])}
              />
            </div>
          ) : (
            t('apiReference.labels.noBody')
          )}
        </dd>
        <Term>{t('apiReference.labels.success')}</Term>
        <dd className="flex flex-wrap items-center gap-2 text-slate-700">
          <InlineCode>{endpoint.success.status}</InlineCode>
          {endpoint.success.fields.map((field) => (
            <InlineCode key={field}>{field}</InlineCode>
          ))}
        </dd>
        <Term>{t('apiReference.labels.errors')}</Term>
        <dd className="min-w-0 text-slate-700">
          <DocTable
            label={`${t('apiReference.labels.errors')} ${endpoint.path}`}
            columns={[t('table.statusCode'), t('table.meaning')]}
            rows={endpoint.errors.flatMap(({ status, codes }) =>
              codes.map((code) => [
                <StatusCode key="code" status={status} code={code} />,
                t(`errorCodes.${code}`),
              ]),
            )}
          />
        </dd>
      </dl>
      <CodeBlock code={request(context)} label={`${t('code.request')}: ${endpoint.path}`} />
      <CodeBlock code={response(context)} label={`${t('code.response')}: ${endpoint.path}`} />
    </section>
  );
}

export function ApiReferenceGuide({ context }: { context: GuideContext }) {
  const { t } = useTranslation('documentation');
  return (
    <>
      <Paragraph>
        <Rich k="apiReference.intro" links={{ docs: <GuideLink to="/docs" /> }} />
      </Paragraph>
      <Paragraph>
        <Rich k="apiReference.baseUrl" values={{ baseUrl: context.baseUrl }} />
      </Paragraph>
      <GuideSection id="reference-headers" title={t('apiReference.commonHeaders.title')}>
        <DocTable
          label={t('apiReference.commonHeaders.title')}
          columns={[t('table.header'), t('table.description')]}
          rows={[
            [
              <InlineCode key="h">X-Client-Id</InlineCode>,
              <Rich
                key="d"
                k="apiReference.commonHeaders.clientId"
                values={{ clientId: context.clientId }}
              />,
            ],
            [
              <InlineCode key="h">Authorization</InlineCode>,
              <Rich key="d" k="apiReference.commonHeaders.authorization" />,
            ],
            [
              <InlineCode key="h">Content-Type</InlineCode>,
              <Rich key="d" k="apiReference.commonHeaders.contentType" />,
            ],
          ]}
        />
      </GuideSection>
      {REFERENCE_ENDPOINTS.map((endpoint) => (
        <EndpointCard key={endpoint.id} endpoint={endpoint} context={context} />
      ))}
    </>
  );
}
