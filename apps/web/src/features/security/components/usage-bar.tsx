import { cn } from '../../../lib/cn.ts';
import { usageLevel } from '../score.ts';

const fills = { high: 'bg-red-600', medium: 'bg-amber-500', low: 'bg-green-600' } as const;

/** Use against a limit: red from 90 %, yellow from 70 %, green below (spec section 9). */
export function UsageBar({ used, limit, label }: { used: number; limit: number; label: string }) {
  const level = usageLevel(used, limit);
  const percent = limit > 0 ? Math.min(100, (used / limit) * 100) : 0;
  // Any use at all stays visible, however small against the limit.
  const width = used > 0 ? Math.max(percent, 2) : 0;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot be styled per band in every browser
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={limit}
      aria-valuenow={Math.min(used, limit)}
      data-level={level}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div className={cn('h-full rounded-full', fills[level])} style={{ width: `${width}%` }} />
    </div>
  );
}
