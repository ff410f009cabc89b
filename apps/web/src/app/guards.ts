import { type LoaderFunctionArgs, redirect } from 'react-router';
import { personalRedirectTarget } from '../features/personal-auth/redirect.ts';
import { hasIndividualToken, hasOrgToken } from '../lib/session.ts';

/**
 * Personal pages (/dashboard, /documents, /profile-settings) need `auth_token`; without it the
 * visitor signs in and comes back to the page asked for.
 */
export function requireIndividualToken({ request }: LoaderFunctionArgs) {
  if (hasIndividualToken()) return null;
  const url = new URL(request.url);
  throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

/** /login sends someone already signed in on to where they were going, or their dashboard. */
export function redirectIfIndividualSignedIn({ request }: LoaderFunctionArgs) {
  if (!hasIndividualToken()) return null;
  throw redirect(personalRedirectTarget(new URL(request.url).searchParams.get('redirect')));
}

/**
 * Organisation pages (/org-dashboard, /documentation) need `org_token`; without it the visitor
 * signs in and comes back to the page asked for (the sign-in page follows `?redirect=`).
 */
export function requireOrgToken({ request }: LoaderFunctionArgs) {
  if (hasOrgToken()) return null;
  const url = new URL(request.url);
  throw redirect(`/org-auth?redirect=${encodeURIComponent(url.pathname + url.search + url.hash)}`);
}
