import { cn } from '../../../lib/cn.ts';

/** A grey placeholder block while data loads; hidden from assistive technology. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-lg bg-slate-200', className)} />;
}
