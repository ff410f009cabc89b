import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import { NoBreakTerms } from './no-break-terms.tsx';

/** A titled block of a reading page (h2), labelled by its heading for landmarks and outlines. */
export function ProseSection({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={cn('scroll-mt-20', className)}>
      <h2 id={id} className="text-xl font-bold text-slate-900 sm:text-2xl">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-base leading-loose text-slate-700">{children}</div>
    </section>
  );
}

/** A bulleted list of plain strings from a translation array. */
export function BulletList({ items, className }: { items: string[]; className?: string }) {
  return (
    <ul className={cn('list-disc space-y-2 ps-6 marker:text-brand-600', className)}>
      {items.map((item) => (
        <li key={item}>
          <NoBreakTerms text={item} />
        </li>
      ))}
    </ul>
  );
}
