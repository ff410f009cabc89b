/*
 * Return addresses (`?redirect=`) come from links anyone can craft. The value is resolved the
 * way the browser will resolve it (dot segments, %2e, tabs and newlines dropped), and only a path
 * that still names this origin when used again is kept: '/..//evil.example' resolves to the path
 * '//evil.example', which a second navigation would read as another host.
 */

// Backslashes (read as '/' by browsers), whitespace, control and invisible format characters have
// no place in a path the app itself builds; refusing them is simpler than predicting each parser.
const UNSAFE_CHARACTERS = /[\\\s\p{Cc}\p{Cf}]/u;

/** Whether a resolved path would be read as an address on another host when navigated to. */
const leavesOrigin = (path: string, origin: string) =>
  !path.startsWith('/') || /^\/[/\\]/.test(path) || new URL(path, origin).origin !== origin;

/** '/%2F%2Fevil.example' is harmless in a browser, but a server that decodes before redirecting is not. */
function hidesAnotherHost(pathname: string) {
  try {
    return /^\/[/\\]/.test(decodeURIComponent(pathname));
  } catch {
    return true;
  }
}

/**
 * `value` as a path (with query and fragment) on `origin`, or `fallback` when it is missing,
 * not a path starting with '/', or could lead anywhere else.
 */
export function sameSitePath(
  value: string | null | undefined,
  fallback: string,
  pageOrigin?: string,
): string {
  if (!value?.startsWith('/') || UNSAFE_CHARACTERS.test(value)) return fallback;
  // Read only now: the sign-in pages are also rendered at build time, with no window and no value.
  const origin = pageOrigin ?? window.location.origin;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return leavesOrigin(path, origin) || hidesAnotherHost(url.pathname) ? fallback : path;
  } catch {
    return fallback;
  }
}
