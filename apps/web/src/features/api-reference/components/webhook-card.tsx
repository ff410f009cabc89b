import { useTranslation } from 'react-i18next';
import { CodeBlock } from '../../../components/ui/code-block.tsx';
import {
  exampleBodyText,
  exampleFor,
  firstMediaType,
  type OpenApiDocument,
  type WebhookEntry,
} from '../openapi.ts';
import { OperationTexts } from './document-text.tsx';
import { SchemaView } from './schema-view.tsx';

/** A message the server sends to the integrator's URL: what it is, its body and an example. */
export function WebhookCard({
  document,
  entry,
}: {
  document: OpenApiDocument;
  entry: WebhookEntry;
}) {
  const { t } = useTranslation('apiReference');
  const { operation } = entry;
  const body = firstMediaType(operation.requestBody?.content);
  const titleId = `${entry.id}-title`;
  return (
    <section
      id={entry.id}
      aria-labelledby={titleId}
      className="scroll-mt-6 space-y-5 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <header className="space-y-2">
        <h3 id={titleId} className="flex flex-wrap items-center gap-3 text-lg font-bold">
          <span className="rounded-md bg-violet-100 px-2 py-0.5 text-sm font-bold text-violet-900">
            {t('webhook.badge')}
          </span>{' '}
          <span dir="ltr" className="ltr-island font-mono [overflow-wrap:anywhere]">
            {entry.name}
          </span>
        </h3>
        <OperationTexts
          summaryKey={`webhooks.${entry.name}`}
          summary={operation.summary}
          description={operation.description}
        />
      </header>
      {body?.[1].schema ? (
        <div className="space-y-3">
          <h4 className="flex flex-wrap items-center gap-2 font-bold">
            {t('webhook.body')}
            <code dir="ltr" className="ltr-island font-mono text-xs font-normal text-slate-600">
              {body[0]}
            </code>
          </h4>
          <SchemaView document={document} schema={body[1].schema} />
          <CodeBlock
            code={exampleBodyText(body[0], body[1].example ?? exampleFor(document, body[1].schema))}
            label={`${t('operation.example')}: ${t('webhook.body')}`}
            copyLabel={`${t('operation.example')}: ${t('webhook.body')}`}
          />
        </div>
      ) : null}
    </section>
  );
}
