import { renderWithProviders } from '../../test/mock-api.tsx';
import { OrgAuthPage } from './org-auth-page.tsx';

const Stub = ({ text }: { text: string }) => <p>{text}</p>;

/** The page with stub pages to land on. */
export function renderOrgAuth(entries: string[] = ['/org-auth']) {
  return renderWithProviders(<OrgAuthPage />, {
    route: '/org-auth',
    entries,
    routes: [
      { path: '/', element: <Stub text="home page" /> },
      { path: '/org-dashboard', element: <Stub text="dashboard page" /> },
      { path: '/documentation', element: <Stub text="documentation page" /> },
    ],
  });
}
