import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import { renderWithProviders } from './mock-api.tsx';

function Landing() {
  const location = useLocation();
  return <p>landed on {location.pathname + location.search}</p>;
}

/** A page on its route, with a stub for every page it leads to. */
export function renderPage(path: string, Page: ComponentType, entry = path) {
  return renderWithProviders(<Page />, {
    route: path,
    entries: [entry],
    routes: [{ path: '*', Component: Landing }],
  });
}
