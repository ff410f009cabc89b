import { cn } from '../../lib/cn.ts';

/**
 * A long name on one line, cut with an ellipsis: the full text on hover (title), on focus (the
 * line unfolds), and always to screen readers (the text itself is whole).
 */
export function TruncatedText({ text, className }: { text: string; className?: string }) {
  return (
    <span
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the keyboard reaches the cut name to read it whole.
      tabIndex={0}
      title={text}
      // A name's own direction: an Arabic name in an English page is cut at its end, not its start.
      dir="auto"
      className={cn(
        'inline-block max-w-full truncate rounded align-bottom focus:whitespace-normal focus:break-words focus-visible:outline-2 focus-visible:outline-brand-700',
        className,
      )}
    >
      {text}
    </span>
  );
}
