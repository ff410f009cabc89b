import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

const tones = {
  brand: 'bg-brand-50 text-brand-700',
  amber: 'bg-amber-50 text-amber-700',
  sky: 'bg-sky-50 text-sky-700',
  slate: 'bg-slate-100 text-slate-700',
} as const;

/**
 * One figure of a `<dl>`: the card is the dt/dd group, so a screen reader reads the value right
 * after its label; the hint says what the figure covers.
 */
export function StatCard({
  icon: Icon,
  label,
  value,
  hint,
  tone = 'brand',
  className,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  hint?: string;
  tone?: keyof typeof tones;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5',
        className,
      )}
    >
      <dt className="flex items-center gap-3 text-sm font-medium text-slate-600">
        <span
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-xl',
            tones[tone],
          )}
        >
          <Icon aria-hidden className="size-5" />
        </span>
        <span>{label}</span>
      </dt>
      <dd className="mt-3 break-words text-xl font-bold text-slate-900 sm:text-2xl">{value}</dd>
      {hint ? <dd className="mt-1 text-xs text-slate-500">{hint}</dd> : null}
    </div>
  );
}
