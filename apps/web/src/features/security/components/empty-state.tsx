import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A centred icon, title, explanation and an optional action, for a list with nothing in it. */
export function EmptyState({
  icon: Icon,
  title,
  body,
  action,
}: {
  icon: LucideIcon;
  title: string;
  body?: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon aria-hidden className="size-7" />
      </span>
      <h4 className="text-lg font-bold text-slate-900">{title}</h4>
      {body ? <p className="max-w-md text-sm leading-relaxed text-slate-600">{body}</p> : null}
      {action ? <div className="pt-2">{action}</div> : null}
    </div>
  );
}
