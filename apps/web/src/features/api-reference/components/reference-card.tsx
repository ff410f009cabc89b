import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { exampleBodyText, exampleFor, type MediaType, type OpenApiDocument } from '../openapi.ts';
import { OperationTexts } from './document-text.tsx';
import { SchemaView } from './schema-view.tsx';

/**
 * One entry of the API reference (an operation or a webhook): a card titled by its badge and its
 * name (left to right), what it is for, then `details` in the header and `children` below it.
 */
export function ReferenceCard({
  id,
  badge,
  name,
  summaryKey,
  summary,
  description,
  details,
  children,
}: {
  id: string;
  badge: ReactNode;
  name: string;
  summaryKey: string;
  summary?: string;
  description?: string;
  details?: ReactNode;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className="scroll-mt-6 space-y-5 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <header className="space-y-2">
        <h3 id={titleId} className="flex flex-wrap items-center gap-3 text-lg font-bold">
          {badge}{' '}
          <span dir="ltr" className="ltr-island font-mono [overflow-wrap:anywhere]">
            {name}
          </span>
        </h3>
        <OperationTexts summaryKey={summaryKey} summary={summary} description={description} />
        {details}
      </header>
      {children}
    </section>
  );
}

/** A body sent (a request's, a webhook's): its media type, its schema and an example of it. */
export function BodySection({
  document,
  title,
  media: [type, media],
}: {
  document: OpenApiDocument;
  title: string;
  media: [string, MediaType];
}) {
  const { t } = useTranslation('apiReference');
  const exampleLabel = `${t('operation.example')}: ${title}`;
  return (
    <div className="space-y-3">
      <h4 className="flex flex-wrap items-center gap-2 font-bold">
        {title}
        <code dir="ltr" className="ltr-island font-mono text-xs font-normal text-slate-600">
          {type}
        </code>
      </h4>
      {media.schema ? (
        <>
          <SchemaView document={document} schema={media.schema} />
          <CodeBlock
            code={exampleBodyText(type, media.example ?? exampleFor(document, media.schema))}
            label={exampleLabel}
            copyLabel={exampleLabel}
          />
        </>
      ) : null}
    </div>
  );
}
