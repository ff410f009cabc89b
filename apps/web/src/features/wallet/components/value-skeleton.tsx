/** A grey block where a figure will appear; hidden from assistive technology. */
export function ValueSkeleton({ className = 'h-8 w-24' }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={`inline-block animate-pulse rounded-lg bg-slate-200 ${className}`}
    />
  );
}
