/** A Latin value shown for reading and copying (an id, a secret, a key): boxed, left to right. */
export const valueBoxClasses =
  'ltr-island block min-w-0 flex-1 break-all rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-start font-mono text-sm text-slate-900';
