import { describe, expect, it } from 'vitest';
import {
  redirectIfIndividualSignedIn,
  requireIndividualToken,
  requireOrgToken,
} from '../../app/guards.ts';

const args = (url: string) =>
  ({ request: new Request(`http://localhost${url}`), params: {}, context: {} }) as never;

const redirectOf = (run: () => unknown) => {
  try {
    run();
  } catch (thrown) {
    return (thrown as Response).headers.get('Location');
  }
  return null;
};

describe('personal guards', () => {
  it.each(['/profile-settings', '/documents?status=pending', '/dashboard'])(
    '%s without auth_token goes to /login with a redirect back',
    (path) => {
      expect(redirectOf(() => requireIndividualToken(args(path)))).toBe(
        `/login?redirect=${encodeURIComponent(path)}`,
      );
    },
  );

  it('lets a person with auth_token in, and an organisation token is not enough', () => {
    localStorage.setItem('org_token', 'org');
    expect(redirectOf(() => requireIndividualToken(args('/dashboard')))).toBe(
      '/login?redirect=%2Fdashboard',
    );
    localStorage.setItem('auth_token', 'person');
    expect(requireIndividualToken(args('/dashboard'))).toBeNull();
  });

  it('/login sends a signed-in person on to a same-site redirect or the dashboard', () => {
    expect(redirectIfIndividualSignedIn(args('/login'))).toBeNull();
    localStorage.setItem('auth_token', 'person');
    expect(redirectOf(() => redirectIfIndividualSignedIn(args('/login')))).toBe('/dashboard');
    expect(
      redirectOf(() => redirectIfIndividualSignedIn(args('/login?redirect=%2Fdocuments'))),
    ).toBe('/documents');
    expect(
      redirectOf(() => redirectIfIndividualSignedIn(args('/login?redirect=https://evil.example'))),
    ).toBe('/dashboard');
  });
});

describe('organisation guard', () => {
  it.each(['/documentation', '/documentation?guide=quick-start', '/org-dashboard?section=wallet'])(
    '%s without org_token goes to /org-auth with a redirect back',
    (path) => {
      localStorage.removeItem('org_token');
      expect(redirectOf(() => requireOrgToken(args(path)))).toBe(
        `/org-auth?redirect=${encodeURIComponent(path)}`,
      );
      localStorage.setItem('org_token', 'org');
      expect(requireOrgToken(args(path))).toBeNull();
    },
  );
});
