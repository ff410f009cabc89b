import { Fragment } from 'react';

const HYPHENATED_TERM = /([A-Za-z0-9]+(?:-[A-Za-z0-9]+)+)/;

/**
 * Text whose hyphenated Latin terms (AES-256-GCM, HMAC-SHA-256) never break at a hyphen: in a
 * right-to-left line a broken term reads "(-HMAC" / "SHA-256", which is wrong.
 */
export function NoBreakTerms({ text }: { text: string }) {
  const parts = text.split(HYPHENATED_TERM);
  if (parts.length === 1) return text;
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
      <span key={index} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}
