import { CheckCircle2, Info, XCircle } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from '../../lib/cn.ts';

// Our own small toaster: libraries that inject a <style> tag are blocked by our CSP.
type ToastKind = 'success' | 'error' | 'info';
interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

const DURATION_MS = 4000;
let items: ToastItem[] = [];
const NO_ITEMS: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function show(kind: ToastKind, message: string) {
  const id = nextId++;
  items = [...items, { id, kind, message }].slice(-4);
  emit();
  setTimeout(() => dismiss(id), DURATION_MS);
  return id;
}

export function dismiss(id: number) {
  items = items.filter((item) => item.id !== id);
  emit();
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

const icons = { success: CheckCircle2, error: XCircle, info: Info };
const tones = {
  success: 'border-green-200 text-green-800',
  error: 'border-red-200 text-red-800',
  info: 'border-slate-200 text-slate-800',
};

export function Toaster() {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => items,
    // The landing page's pre-rendered HTML (apps/web/src/prerender) has no toast.
    () => NO_ITEMS,
  );
  return (
    <section
      aria-live="polite"
      aria-label="notifications"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4"
    >
      {current.map((item) => {
        const Icon = icons[item.kind];
        return (
          <div
            key={item.id}
            role={item.kind === 'error' ? 'alert' : 'status'}
            className={cn(
              'pointer-events-auto flex w-full max-w-sm items-center gap-3 rounded-xl border bg-white px-4 py-3 text-sm shadow-lg',
              tones[item.kind],
            )}
          >
            <Icon aria-hidden className="size-5 shrink-0" />
            <span className="flex-1">{item.message}</span>
          </div>
        );
      })}
    </section>
  );
}
