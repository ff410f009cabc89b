export const DEFAULT_AFTER_LOGIN = '/org-dashboard';

/**
 * The `redirect` query as a path on this site, or the dashboard. Only a path starting with a
 * single '/' that stays on this origin is followed, so a crafted link cannot send a freshly
 * signed-in user to another site ('//evil.example', '/\evil.example', 'https://...').
 */
export function safeRedirectPath(value: string | null, fallback = DEFAULT_AFTER_LOGIN): string {
  if (!value?.startsWith('/') || value.startsWith('//')) return fallback;
  try {
    const origin = window.location.origin;
    const url = new URL(value, origin);
    if (url.origin !== origin) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
