import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

const tones = {
  green: 'bg-green-50 text-green-800 ring-green-600/20',
  red: 'bg-red-50 text-red-800 ring-red-600/20',
  amber: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  sky: 'bg-sky-50 text-sky-900 ring-sky-600/20',
  brand: 'bg-brand-50 text-brand-800 ring-brand-700/20',
  slate: 'bg-slate-100 text-slate-700 ring-slate-500/20',
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({
  tone = 'slate',
  className,
  ...props
}: { tone?: BadgeTone } & HTMLAttributes<HTMLSpanElement>) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
