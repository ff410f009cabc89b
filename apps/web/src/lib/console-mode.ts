import type { KeyMode } from '@tanqin/shared';
import { useSearchParams } from 'react-router';

/**
 * The organisation console shows live data or test data, never both (as Stripe's test mode
 * does). The mode lives in the address, `?mode=test` (live, the default, leaves it out), so a
 * reload, a shared link and the back button keep it; every read of codes, calls, events and keys
 * sends it to the API, and the views of both modes are cached apart.
 */
export const CONSOLE_MODE_PARAM = 'mode';

export const consoleModeOf = (search: URLSearchParams): KeyMode =>
  search.get(CONSOLE_MODE_PARAM) === 'test' ? 'test' : 'live';

export function useConsoleMode(): KeyMode {
  const [search] = useSearchParams();
  return consoleModeOf(search);
}

/**
 * The address of the same page in the other mode: the section and tab stay, the filters go (a
 * key or a page of one mode means nothing in the other).
 */
export function searchInMode(current: URLSearchParams, mode: KeyMode): URLSearchParams {
  const next = new URLSearchParams();
  for (const kept of ['section', 'tab']) {
    const value = current.get(kept);
    if (value) next.set(kept, value);
  }
  if (mode === 'test') next.set(CONSOLE_MODE_PARAM, mode);
  return next;
}

/** `path` with `?mode=test` added in test mode: a link inside the console keeps the mode. */
export function hrefInMode(path: string, mode: KeyMode): string {
  if (mode === 'live') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${CONSOLE_MODE_PARAM}=${mode}`;
}
