import { createContext, type ReactNode, useContext, useState } from 'react';
import type { HeldKey } from './key-first.tsx';

type HeldKeyState = readonly [HeldKey | undefined, (held: HeldKey | undefined) => void];

const HeldKeyContext = createContext<HeldKeyState | undefined>(undefined);

/**
 * The double lock's private key file, held once for the whole data screen: chosen in "Ask for
 * data" or in "Decrypt", it opens the answers of both ("the file stays in this page only and
 * opens every code you decrypt here").
 */
export function HeldKeyProvider({ children }: { children: ReactNode }) {
  const state = useState<HeldKey>();
  return <HeldKeyContext.Provider value={state}>{children}</HeldKeyContext.Provider>;
}

/** The page's held key file; a panel rendered on its own holds its own. */
export function useHeldKey(): HeldKeyState {
  const shared = useContext(HeldKeyContext);
  const own = useState<HeldKey>();
  return shared ?? own;
}
