import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * True while React hydrates pre-rendered HTML (src/main.tsx), false in every later render and in
 * a page the app rendered itself. A page whose HTML was rendered before its data (the dashboard's
 * frame) shows the same state while hydrating, so the HTML is taken over as it is, then its data.
 */
export const useHydrating = () =>
  useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  );
