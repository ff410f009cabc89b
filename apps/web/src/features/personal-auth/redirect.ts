import { sameSitePath } from '../../lib/same-site-path.ts';

export const PERSONAL_HOME = '/dashboard';

/** Spec sections 4 and 9: the browser moves on 1 second after a successful personal login. */
export const PERSONAL_REDIRECT_DELAY_MS = 1000;

/** The `?redirect` of a personal page as a same-site path, or the personal dashboard. */
export const personalRedirectTarget = (value: string | null) => sameSitePath(value, PERSONAL_HOME);
