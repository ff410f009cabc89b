import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the lazy route modules a path matches and writes them into the route objects, so a
 * router made afterwards renders the page at once: renderToString (src/prerender/entry.tsx)
 * does not wait for lazy routes.
 */
export async function loadLazyRoutes(routes: RouteObject[], pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
