import { Fragment } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * An email address, left to right, that wraps only where a reader expects: after the @ and
 * before each dot (overflow-wrap breaks a part that alone is wider than the box), never mid-word.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=\.)|(?<=@)/);
  return (
    <span className={cn('ltr-island [overflow-wrap:anywhere]', className)}>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
