import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatPage } from '../assistant/chat-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the assistant', () => {
  it('answers a question asked before the price has arrived, with the server price once it has', async () => {
    let answerConfig: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answerConfig = resolve))),
    );
    const router = createMemoryRouter([{ path: '/chat', element: <ChatPage /> }], {
      initialEntries: ['/chat'],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    const input = screen.getByLabelText('سؤالك');
    fireEvent.change(input, { target: { value: 'كم سعر الاستدعاء' } });
    fireEvent.submit(input.closest('form')!);
    expect(await screen.findByText('أبحث عن الإجابة…')).toBeInTheDocument();

    answerConfig(
      new Response(JSON.stringify({ price_per_call: '0.007', currency: 'SAR' }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(
      await screen.findByText('سعر الاستدعاء الواحد 0.007 ريال', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.queryByText('أبحث عن الإجابة…')).not.toBeInTheDocument();
  });
});
