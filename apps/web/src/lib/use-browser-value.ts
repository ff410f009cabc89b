import { useLayoutEffect, useState } from 'react';

/**
 * A value only the browser knows (its origin, a token in localStorage) in a component of the
 * pre-rendered landing page. The first render gives `prerendered`, as the HTML has it, so
 * hydrating the HTML matches (under React or Preact); the browser's value replaces it before the
 * first paint. `read` must be a stable function (declared outside the component).
 */
export function useBrowserValue<T>(read: () => T, prerendered: T): T {
  const [value, setValue] = useState(prerendered);
  useLayoutEffect(() => setValue(read()), [read]);
  return value;
}
