import { useSyncExternalStore } from 'react';
import type { Side } from './session.ts';

/**
 * The modal dialogs open now (the last is on top), and a session lost while one was open.
 *
 * A modal dialog hides the rest of the page: a toast raised while it is open is shown inside it
 * (components/ui/toast.tsx), and a lost session does not take the user to sign in, which would
 * lose what they typed. The dialog says the session ended and offers to sign in in a new window;
 * the token that sign-in stores is shared by the tabs, so the dialog's next try goes through.
 * Closing the last dialog then goes to sign in as any lost session does.
 */
let stack: number[] = [];
let nextId = 1;
let lostSide: Side | null = null;
let onLastClosedWhileLost: ((side: Side) => void) | null = null;
let backWaiters: Array<() => void> = [];
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function openDialog(): number {
  const id = nextId++;
  stack = [...stack, id];
  emit();
  return id;
}

export function closeDialog(id: number) {
  stack = stack.filter((open) => open !== id);
  emit();
  if (stack.length === 0 && lostSide) {
    const side = lostSide;
    lostSide = null;
    onLastClosedWhileLost?.(side);
  }
}

/** The dialog on top, if any is open. */
export const topDialog = (): number | undefined => stack.at(-1);

/** Holds a lost session while a dialog is open (true), or leaves it to the caller (false). */
export function holdSessionLoss(side: Side, thenGo: (side: Side) => void): boolean {
  if (stack.length === 0) return false;
  lostSide = side;
  onLastClosedWhileLost = thenGo;
  emit();
  return true;
}

/** A call went through: the session is back (signed in again in another window). */
export function sessionWorks() {
  if (!lostSide) return;
  lostSide = null;
  emit();
  const waiting = backWaiters;
  backWaiters = [];
  for (const resume of waiting) resume();
}

/** Whether a lost session is held for an open dialog. */
export const isSessionHeld = () => lostSide !== null;

/**
 * Resolves when a held session works again. Reads wait for it instead of failing: a screen
 * behind the dialog that turned into its error state would take the dialog, and what was typed
 * in it, away.
 */
export const whenSessionBack = () =>
  new Promise<void>((resolve) => {
    backWaiters.push(resolve);
  });

export const useTopDialog = () => useSyncExternalStore(subscribe, topDialog, () => undefined);
export const useLostSession = () =>
  useSyncExternalStore(
    subscribe,
    () => lostSide,
    () => null,
  );
