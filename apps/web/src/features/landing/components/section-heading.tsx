import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

/** The heading block every landing section opens with; `id` labels the section. */
export function SectionHeading({
  id,
  title,
  subtitle,
  tone = 'light',
  className,
}: {
  id: string;
  title: ReactNode;
  subtitle?: ReactNode;
  tone?: 'light' | 'dark';
  className?: string;
}) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      <h2
        id={id}
        className={cn(
          'text-2xl font-bold sm:text-3xl',
          tone === 'dark' ? 'text-white' : 'text-slate-900',
        )}
      >
        {title}
      </h2>
      {subtitle ? (
        <p
          className={cn(
            'mt-3 text-base leading-relaxed',
            tone === 'dark' ? 'text-brand-100' : 'text-slate-600',
          )}
        >
          {subtitle}
        </p>
      ) : null}
    </div>
  );
}
