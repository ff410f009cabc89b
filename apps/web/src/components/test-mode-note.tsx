import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';

/** A note in the amber of the console's test mode band: what a view shows while it is on. */
export function TestModeNote({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm leading-relaxed text-amber-950">
      <FlaskConical aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
