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
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard
      tabIndex={0}
      className="doc-table overflow-x-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <table className="w-full border-collapse text-sm max-sm:block sm:min-w-[32rem]">
        <caption className="sr-only">{label}</caption>
        {/* On a phone each row stacks its cells: no column is squeezed off the screen. */}
        <thead className="bg-slate-50 text-slate-700 max-sm:sr-only">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-2.5 text-start font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {rows.map((cells, rowIndex) => (
            <tr
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are static and never reorder
              key={rowIndex}
              className="border-t border-slate-200 align-top max-sm:block max-sm:px-3 max-sm:py-2 max-sm:first:border-t-0"
            >
              {cells.map((cell, cellIndex) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are static and never reorder
                  key={cellIndex}
                  className="px-4 py-2.5 leading-relaxed text-slate-700 max-sm:block max-sm:p-0 max-sm:py-0.5"
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function BulletList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 ps-6 leading-loose text-slate-700">{children}</ul>;
}

/** A field name with a note under it: two columns fit a phone where three do not. */
export function NameWithNote({ name, note }: { name: string; note: string }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <InlineCode>{name}</InlineCode>
      <span className="text-xs text-slate-500">{note}</span>
    </span>
  );
}

export function StatusCode({ status, code }: { status: number; code: string }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <InlineCode>{status}</InlineCode>
      <InlineCode>{code}</InlineCode>
    </span>
  );
}
