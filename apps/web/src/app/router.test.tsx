import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/mock-api.tsx';
import { AppProviders } from './providers.tsx';
import { routes } from './router.tsx';

describe('the router', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['/org-auth', '/org-auth'],
    ['/signup', '/org-auth?tab=signup'],
  ])('opens %s with no React Router warning in the console', async (path, landing) => {
    mockApi({});
    const warnings: string[] = [];
    for (const level of ['warn', 'error'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        warnings.push(args.map(String).join(' '));
      });
    }
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'منصة الجهات' })).toBeVisible();
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(landing),
    );
    expect(warnings.filter((text) => /HydrateFallback|Matched leaf route/.test(text))).toEqual([]);
  });
});
