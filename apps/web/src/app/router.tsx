import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { ErrorScreen } from '../components/error-screen.tsx';
import { redirectIfIndividualSignedIn, requireIndividualToken, requireOrgToken } from './guards.ts';

/**
 * What shows while the first page's code (and its guard) loads: an empty page of the app's
 * height, so nothing jumps, and no warning from React Router about a missing fallback.
 */
function FirstLoad() {
  return <div aria-busy className="min-h-dvh" />;
}

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorScreen />,
    HydrateFallback: FirstLoad,
    children: [
      { path: '/', lazy: () => import('../routes/landing.tsx') },
      { path: '/org-auth', lazy: () => import('../routes/org-auth.tsx') },
      // Only redirects: no element of its own (null says so to React Router).
      { path: '/signup', loader: () => redirect('/org-auth?tab=signup'), element: null },
      // An emailed invitation's link: /join#token=… (public; the token is the credential).
      { path: '/join', lazy: () => import('../routes/join.tsx') },
      {
        path: '/org-dashboard',
        loader: requireOrgToken,
        lazy: () => import('../routes/org-dashboard.tsx'),
      },
      {
        path: '/documentation',
        loader: requireOrgToken,
        lazy: () => import('../routes/documentation.tsx'),
      },
      { path: '/docs', lazy: () => import('../routes/api-reference.tsx') },
      {
        path: '/dashboard',
        loader: requireIndividualToken,
        lazy: () => import('../routes/dashboard.tsx'),
      },
      // The identity provider sends the browser back here with the code and state.
      {
        path: '/identity/callback',
        loader: requireIndividualToken,
        lazy: () => import('../routes/identity-callback.tsx'),
      },
      {
        path: '/login',
        loader: redirectIfIndividualSignedIn,
        lazy: () => import('../routes/login.tsx'),
      },
      { path: '/register', lazy: () => import('../routes/register.tsx') },
      { path: '/forgot-password', lazy: () => import('../routes/forgot-password.tsx') },
      {
        path: '/profile-settings',
        loader: requireIndividualToken,
        lazy: () => import('../routes/profile-settings.tsx'),
      },
      {
        path: '/documents',
        loader: requireIndividualToken,
        lazy: () => import('../routes/documents.tsx'),
      },
      { path: '/about', lazy: () => import('../routes/about.tsx') },
      { path: '/terms', lazy: () => import('../routes/terms.tsx') },
      { path: '/privacy', lazy: () => import('../routes/privacy.tsx') },
      { path: '/faq', lazy: () => import('../routes/faq.tsx') },
      { path: '/services-guide', lazy: () => import('../routes/services-guide.tsx') },
      { path: '/pricing', lazy: () => import('../routes/pricing.tsx') },
      { path: '/contact', lazy: () => import('../routes/contact.tsx') },
      { path: '/chat', lazy: () => import('../routes/chat.tsx') },
      { path: '/receipt', lazy: () => import('../routes/receipt.tsx') },
      // The owner of an email address confirms an organisation's security alerts (issue 32.4).
      {
        path: '/confirm-destination',
        lazy: () => import('../routes/confirm-destination.tsx'),
      },
      // A verification request's public page, the QR a counter shows (issue 33).
      { path: '/r/:id', lazy: () => import('../routes/verification-request.tsx') },
      { path: '*', lazy: () => import('../routes/not-found.tsx') },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
