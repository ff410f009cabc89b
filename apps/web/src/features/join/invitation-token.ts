/**
 * The invitation token travels in the link's fragment (`/join#token=…`), which browsers never
 * send to a server or put in a Referer. It is read once, then removed from the address bar and
 * history, so it is not left for a shared screen or the next person at this browser.
 */
export function readInvitationToken(hash: string): string | null {
  const fragment = hash.replace(/^#/, '');
  if (!fragment) return null;
  const token = new URLSearchParams(fragment).get('token')?.trim();
  return token || null;
}

/** Drops the fragment from the current entry without a navigation (router state kept). */
export function forgetInvitationFragment() {
  if (!window.location.hash) return;
  window.history.replaceState(
    window.history.state,
    '',
    window.location.pathname + window.location.search,
  );
}
