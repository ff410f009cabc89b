import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorScreen } from './error-screen.tsx';

const LONG = `TypeError: ${'something.went.wrong.in.a.very.long.chain.of.calls.'.repeat(8)}end`;

describe('the error screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the whole message, wrapped, and offers to try again', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        errorElement: <ErrorScreen />,
        loader: () => {
          throw new Error(LONG);
        },
        element: null,
      },
    ]);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(<RouterProvider router={router} />);
    const message = await screen.findByText(LONG);
    expect(message).toHaveClass('whitespace-pre-wrap');
    expect(message).not.toHaveClass('overflow-auto');
    await userEvent.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(reload).toHaveBeenCalledOnce();
    expect(screen.getByRole('heading', { name: 'خطأ غير متوقع في التطبيق' })).toBeInTheDocument();
  });
});
