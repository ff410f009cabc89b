import { CheckCircle2, Info, XCircle } from 'lucide-react';
import { type Ref, useEffect, useRef, useSyncExternalStore } from 'react';
import { cn } from '../../lib/cn.ts';
import { topDialog } from '../../lib/open-dialogs.ts';

// Our own small toaster: libraries that inject a <style> tag are blocked by our CSP.
type ToastKind = 'success' | 'error' | 'info';
interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  /** The modal dialog open when it was raised: it shows there, not under the dialog's backdrop. */
  dialog?: number;
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
  const dialog = topDialog();
  items = [...items, { id, kind, message, dialog }].slice(-4);
  emit();
  // An error inside a dialog stays until the dialog closes: the user reads it beside the form.
  if (dialog === undefined || kind !== 'error') setTimeout(() => dismiss(id), DURATION_MS);
  return id;
}

/**
 * A dialog closed: its errors go with it (they were about its form), anything else (a success
 * that closed it) moves to the page's toaster.
 */
export function releaseDialogToasts(dialog: number) {
  items = items
    .filter((item) => !(item.dialog === dialog && item.kind === 'error'))
    .map((item) => (item.dialog === dialog ? { ...item, dialog: undefined } : item));
  emit();
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

const useToasts = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => items,
    // The landing page's pre-rendered HTML (apps/web/src/prerender) has no toast.
    () => NO_ITEMS,
  );

/**
 * The toasts raised while this dialog was on top, inside it under its title. A new refusal takes
 * the focus (and scrolls into view): the screen would otherwise look unchanged after a click on
 * a button at the dialog's end, and a screen reader names what was refused.
 */
export function DialogToasts({ dialogId }: { dialogId: number }) {
  const current = useToasts().filter((item) => item.dialog === dialogId);
  const listRef = useRef<HTMLElement>(null);
  const newestError = current.findLast((item) => item.kind === 'error')?.id;
  useEffect(() => {
    if (newestError === undefined) return;
    const alert = listRef.current?.querySelector<HTMLElement>(`[data-toast="${newestError}"]`);
    alert?.focus();
    alert?.scrollIntoView?.({ block: 'nearest' });
  }, [newestError]);
  if (current.length === 0) return null;
  return (
    <ToastList
      ref={listRef}
      items={current}
      className="flex flex-col gap-2"
      itemClassName="w-full focus:outline-2 focus:outline-offset-2 focus:outline-red-700"
      focusableErrors
    />
  );
}

export function Toaster() {
  const current = useToasts().filter((item) => item.dialog === undefined);
  return (
    <ToastList
      items={current}
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4"
      itemClassName="pointer-events-auto w-full max-w-sm shadow-lg"
    />
  );
}

function ToastList({
  items: shown,
  className,
  itemClassName,
  focusableErrors = false,
  ref,
}: {
  items: ToastItem[];
  className: string;
  itemClassName: string;
  /** Errors can take the focus (a dialog moves it to a new refusal). */
  focusableErrors?: boolean;
  ref?: Ref<HTMLElement>;
}) {
  return (
    <section ref={ref} aria-live="polite" aria-label="notifications" className={className}>
      {shown.map((item) => {
        const Icon = icons[item.kind];
        return (
          <div
            key={item.id}
            data-toast={item.id}
            tabIndex={focusableErrors && item.kind === 'error' ? -1 : undefined}
            role={item.kind === 'error' ? 'alert' : 'status'}
            className={cn(
              'flex items-center gap-3 rounded-xl border bg-white px-4 py-3 text-sm',
              itemClassName,
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
