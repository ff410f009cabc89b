import { CopyButton } from './copy-button.tsx';

/**
 * A code sample inside an Arabic page: left to right, scrolling sideways in a region that the
 * keyboard can reach, with a copy button that confirms for 2 seconds. The copy button is
 * `print:hidden`, so paper and PDF copies show only the code.
 */
export function CodeBlock({
  code,
  label,
  copyLabel,
}: {
  code: string;
  /** Names the region for assistive technology and is shown above the code. */
  label: string;
  /** The copy button's accessible name. */
  copyLabel: string;
}) {
  return (
    <figure className="doc-code min-w-0 overflow-hidden rounded-xl bg-slate-900 ring-1 ring-slate-800">
      <figcaption className="doc-code-caption flex items-center justify-between gap-3 border-b border-white/10 px-4 py-2">
        <span className="text-xs font-medium text-slate-300">{label}</span>
        <CopyButton value={code} label={copyLabel} className="print:hidden" />
      </figcaption>
      <section
        aria-label={label}
        dir="ltr"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="doc-code-body ltr-island overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <pre
          dir="ltr"
          className="code-block-text w-max min-w-full p-4 text-start font-mono text-sm leading-relaxed text-slate-100"
        >
          <code>{code}</code>
        </pre>
      </section>
    </figure>
  );
}
