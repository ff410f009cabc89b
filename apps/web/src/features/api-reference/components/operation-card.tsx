import { FlaskConical } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  exampleFor,
  firstMediaType,
  type OpenApiDocument,
  type OpenApiResponse,
  type OperationEntry,
  operationScopes,
  requiresApiCredentials,
  typeLabel,
} from '../openapi.ts';
import { DocumentText, InlineDocumentText } from './document-text.tsx';
import { BodySection, ReferenceCard } from './reference-card.tsx';
import { SchemaView } from './schema-view.tsx';
import { type TryItCredentials, TryItPanel } from './try-it-panel.tsx';

export const methodClasses = (method: string) =>
  method === 'GET'
    ? 'bg-sky-700 text-white'
    : method === 'DELETE'
      ? 'bg-red-700 text-white'
      : 'bg-brand-700 text-white';

const statusClasses = (status: string) =>
  status.startsWith('2')
    ? 'bg-green-100 text-green-800'
    : status.startsWith('4')
      ? 'bg-amber-100 text-amber-900'
      : 'bg-slate-100 text-slate-800';

function ResponseDetails({
  document,
  status,
  response,
  isOpen,
}: {
  document: OpenApiDocument;
  status: string;
  response: OpenApiResponse;
  isOpen: boolean;
}) {
  const { t } = useTranslation('apiReference');
  const media = firstMediaType(response.content);
  const schema = media?.[1].schema;
  const example = media?.[1].example ?? (schema ? exampleFor(document, schema) : undefined);
  return (
    <details open={isOpen} className="group rounded-xl border border-slate-200">
      <summary className="flex cursor-pointer flex-wrap items-center gap-3 px-4 py-3 text-sm">
        <span
          dir="ltr"
          className={cn('rounded-md px-2 py-0.5 font-mono font-bold', statusClasses(status))}
        >
          {status}
        </span>
        <span className="min-w-0 text-slate-700 [overflow-wrap:anywhere]">
          <InlineDocumentText text={(response.description ?? '').split('\n')[0]!} />
        </span>
      </summary>
      <div className="space-y-3 border-t border-slate-200 p-4">
        {response.description?.includes('\n') ? (
          <DocumentText text={response.description} className="text-sm text-slate-700" />
        ) : null}
        {media ? (
          <p className="text-xs text-slate-600">
            <code dir="ltr" className="ltr-island font-mono">
              {media[0]}
            </code>
          </p>
        ) : (
          <p className="text-sm text-slate-600">{t('operation.noContent')}</p>
        )}
        {response.headers ? (
          <div className="space-y-1 text-sm">
            <p className="font-semibold">{t('operation.headers')}</p>
            <ul className="flex flex-wrap gap-2">
              {Object.entries(response.headers).map(([name, header]) => (
                <li key={name}>
                  <code
                    dir="ltr"
                    className="ltr-island rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs"
                  >
                    {`${name}: ${header.schema ? typeLabel(header.schema) : 'string'}`}
                  </code>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {schema ? (
          <>
            <SchemaView document={document} schema={schema} />
            <CodeBlock
              code={JSON.stringify(example, null, 2)}
              label={`${t('operation.example')} ${status}`}
              copyLabel={`${t('operation.example')} ${status}`}
            />
          </>
        ) : null}
      </div>
    </details>
  );
}

/** One operation: what it takes, what it answers, an example, and a live try. */
export function OperationCard({
  document,
  entry,
  credentials,
  onUseAccessToken,
}: {
  document: OpenApiDocument;
  entry: OperationEntry;
  credentials: TryItCredentials;
  onUseAccessToken: (token: string) => void;
}) {
  const { t } = useTranslation('apiReference');
  const panelId = useId();
  const [isTryOpen, setIsTryOpen] = useState(false);
  const { operation } = entry;
  const body = firstMediaType(operation.requestBody?.content);
  const scopes = operationScopes(operation);
  const responses = Object.entries(operation.responses ?? {});
  return (
    <ReferenceCard
      id={entry.id}
      badge={
        <span
          className={cn(
            'rounded-md px-2 py-0.5 font-mono text-sm font-bold',
            methodClasses(entry.method),
          )}
        >
          {entry.method}
        </span>
      }
      name={entry.path}
      summaryKey={`summaries.${entry.method} ${entry.path}`}
      summary={operation.summary}
      description={operation.description}
      details={
        <>
          <p className="text-sm text-slate-700">
            <span className="font-semibold">{t('operation.auth')}: </span>
            {requiresApiCredentials(document, operation)
              ? t('operation.authTokens')
              : t('operation.authNone')}
          </p>
          {scopes.length ? (
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <span className="font-semibold">{t('operation.scopes')}:</span>
              {scopes.map((scope) => (
                <code
                  key={scope}
                  dir="ltr"
                  className="ltr-island rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs"
                >
                  {scope}
                </code>
              ))}
            </p>
          ) : null}
        </>
      }
    >
      {operation.parameters?.length ? (
        <div className="space-y-2">
          <h4 className="font-bold">{t('operation.parameters')}</h4>
          <ul className="space-y-2">
            {operation.parameters.map((param) => (
              <li
                key={`${param.in}-${param.name}`}
                className="flex flex-wrap items-center gap-2 text-sm"
              >
                <code
                  dir="ltr"
                  className="ltr-island rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs"
                >
                  {param.name}
                </code>
                <span className="text-slate-600">{t(`operation.in.${param.in}`)}</span>
                {param.schema ? (
                  <span dir="ltr" className="font-mono text-xs text-sky-800">
                    {typeLabel(param.schema)}
                  </span>
                ) : null}
                <span
                  className={
                    param.required ? 'text-xs font-semibold text-red-700' : 'text-xs text-slate-500'
                  }
                >
                  {param.required ? t('operation.required') : t('operation.optional')}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {body ? (
        <BodySection document={document} title={t('operation.requestBody')} media={body} />
      ) : null}

      <div className="space-y-2">
        <h4 className="font-bold">{t('operation.responses')}</h4>
        {responses.map(([status, response], index) => (
          <ResponseDetails
            key={status}
            document={document}
            status={status}
            response={response}
            isOpen={index === 0}
          />
        ))}
      </div>

      <div className="space-y-3">
        <button
          type="button"
          aria-expanded={isTryOpen}
          aria-controls={panelId}
          onClick={() => setIsTryOpen((value) => !value)}
          className="inline-flex h-10 items-center gap-2 rounded-lg bg-white px-4 text-sm font-semibold text-brand-800 ring-1 ring-inset ring-brand-700/30 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <FlaskConical aria-hidden className="size-4" />
          {t('tryIt.open')}
        </button>
        <div id={panelId} hidden={!isTryOpen}>
          {isTryOpen ? (
            <TryItPanel
              document={document}
              entry={entry}
              credentials={credentials}
              onUseAccessToken={onUseAccessToken}
            />
          ) : null}
        </div>
      </div>
    </ReferenceCard>
  );
}
