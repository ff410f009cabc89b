import type { AnchorHTMLAttributes } from 'react';

/**
 * `react-router` in the islands build (vite.config.ts): the landing page's script carries no
 * router, so a `<Link to>` there is a plain link, and following it loads the app's page.
 * Anything else imported from react-router into an island fails that build on purpose.
 */
export function Link({ to, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return <a href={to} {...props} />;
}
