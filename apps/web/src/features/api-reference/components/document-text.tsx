import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Inline markdown of the OpenAPI document's English text: `code` and **bold**. */
function inline(text: string): ReactNode[] {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*)/).map((part, index) => {
    if (part.length > 2 && part.startsWith('`') && part.endsWith('`')) {
      return (
        <code
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text, never reordered
          key={index}
          className="rounded bg-slate-100 px-1 font-mono text-[0.9em] text-slate-800"
        >
          {part.slice(1, -1)}
        </code>
      );
    }
    if (part.length > 4 && part.startsWith('**') && part.endsWith('**')) {
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text, never reordered
      return <strong key={index}>{part.slice(2, -2)}</strong>;
    }
    return part;
  });
}

/** One line of the document's English text (a summary), left to right. */
export function InlineDocumentText({ text }: { text: string }) {
  return (
    <span lang="en" dir="ltr" className="text-start">
      {inline(text.replace(/\s*\n\s*/g, ' '))}
    </span>
  );
}

/** A description of the document: paragraphs and "- item" lists, left to right. */
export function DocumentText({ text, className }: { text: string; className?: string }) {
  const blocks = text.split(/\n\s*\n/);
  return (
    <div lang="en" dir="ltr" className={`space-y-2 text-start ${className ?? ''}`}>
      {blocks.map((block, blockIndex) => {
        const lines = block.split('\n');
        const items = lines.filter((line) => line.startsWith('- '));
        const prose = lines.filter((line) => !line.startsWith('- ')).join(' ');
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks of one fixed text, never reordered
          <div key={blockIndex} className="space-y-1">
            {prose ? <p>{inline(prose)}</p> : null}
            {items.length ? (
              <ul className="list-disc space-y-0.5 ps-5">
                {items.map((item, itemIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines of one fixed text
                  <li key={itemIndex}>{inline(item.slice(2))}</li>
                ))}
              </ul>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

/**
 * What an operation (or a webhook) is for: the reader's-language summary when the app has one
 * (`summaryKey` in apiReference), then the document's own English summary and description.
 */
export function OperationTexts({
  summaryKey,
  summary,
  description,
}: {
  summaryKey: string;
  summary?: string;
  description?: string;
}) {
  const { t, i18n } = useTranslation('apiReference');
  const translatedSummary = i18n.exists(summaryKey, { ns: 'apiReference' }) ? t(summaryKey) : null;
  return (
    <>
      {translatedSummary ? <p className="text-slate-800">{translatedSummary}</p> : null}
      {summary ? (
        <p className="text-sm text-slate-600">
          <InlineDocumentText text={summary} />
        </p>
      ) : null}
      {description ? <DocumentText text={description} className="text-sm text-slate-600" /> : null}
    </>
  );
}
