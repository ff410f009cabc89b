import { Children, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CodeBlock as SharedCodeBlock } from '../../../components/ui/code-block.tsx';
import { cn } from '../../../lib/cn.ts';

const SHORT_CODE_LENGTH = 32;

/**
 * Latin code inside Arabic prose: isolated left to right so its punctuation stays put. Short
 * code (a path, a field) never breaks over lines; long code (an address) may, anywhere.
 */
export function InlineCode({ children }: { children?: ReactNode }) {
  const text = Children.toArray(children)
    .filter((child) => typeof child === 'string' || typeof child === 'number')
    .join('');
  return (
    <code
      dir="ltr"
      className={cn(
        'ltr-island rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.85em] text-slate-800',
        text.length <= SHORT_CODE_LENGTH ? 'whitespace-nowrap' : '[overflow-wrap:anywhere]',
      )}
    >
      {children}
    </code>
  );
}

/**
 * A link inside a guide. In print and in the PDF its full address follows it, so a paper copy
 * still says where it goes.
 */
export function GuideLink({ to, children, ...props }: ComponentProps<typeof Link>) {
  const href = typeof to === 'string' ? to : '';
  return (
    <Link
      to={to}
      // Latin link text (/docs) reads left to right, Arabic right to left.
      dir="auto"
      data-print-href={new URL(href, window.location.origin).href}
      className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
      {...props}
    >
      {children}
    </Link>
  );
}

const baseComponents = { code: <InlineCode />, strong: <strong className="font-semibold" /> };

/** A translated sentence with inline code, bold and the given links. */
export function Rich({
  k,
  values,
  links = {},
}: {
  k: string;
  values?: Record<string, string>;
  links?: Record<string, ReactElement>;
}) {
  const { t } = useTranslation('documentation');
  return <Trans t={t} i18nKey={k} values={values} components={{ ...baseComponents, ...links }} />;
}

export function Paragraph({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={cn('leading-loose text-slate-700', className)}>{children}</p>;
}

export function GuideSection({
  id,
  title,
  children,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="doc-section space-y-4">
      <h3 id={`${id}-title`} className="text-xl font-bold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A numbered step of a walkthrough. */
export function Step({
  id,
  number,
  title,
  children,
}: {
  id: string;
  number: number;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="doc-section space-y-4">
      <h3 id={`${id}-title`} className="flex items-center gap-3 text-xl font-bold text-slate-900">
        <span
          aria-hidden
          className="doc-step-number flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm text-white"
        >
          {number}
        </span>
        {title}
      </h3>
      {children}
    </section>
  );
}

const calloutTones = {
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  success: 'border-green-200 bg-green-50 text-green-900',
} as const;

export function Callout({
  tone,
  title,
  children,
}: {
  tone: keyof typeof calloutTones;
  title?: ReactNode;
  children: ReactNode;
}) {
  return (
    <aside className={cn('doc-callout rounded-xl border p-4 leading-loose', calloutTones[tone])}>
      {title ? <p className="font-bold">{title}</p> : null}
      <div>{children}</div>
    </aside>
  );
}

/** A code sample with the guides' copy label. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const { t } = useTranslation('documentation');
  return <SharedCodeBlock code={code} label={label} copyLabel={`${t('code.copy')}: ${label}`} />;
}

/** A plain table whose first column is code (field names, statuses). */
export function DocTable({
  label,
  columns,
  rows,
}: {
  label: string;
  columns: string[];
  rows: ReactNode[][];
}) {
  return (
    <div className="doc-table overflow-x-auto rounded-xl border border-slate-200">
      <table className="w-full min-w-[32rem] border-collapse text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-2.5 text-start font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are static and never reorder
            <tr key={rowIndex} className="border-t border-slate-200 align-top">
              {cells.map((cell, cellIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are static and never reorder
                <td key={cellIndex} className="px-4 py-2.5 leading-relaxed text-slate-700">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function BulletList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 ps-6 leading-loose text-slate-700">{children}</ul>;
}
