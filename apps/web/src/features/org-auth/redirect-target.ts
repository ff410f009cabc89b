import { sameSitePath } from '../../lib/same-site-path.ts';

export const DEFAULT_AFTER_LOGIN = '/org-dashboard';

/** The `redirect` query as a path on this site, or the organisation dashboard. */
export const safeRedirectPath = (value: string | null) => sameSitePath(value, DEFAULT_AFTER_LOGIN);
