import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactPage } from '../contact/contact-page.tsx';

const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });

function renderContact(respond: (body: any) => Response) {
  const sent: any[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/v1/contact') {
        const body = JSON.parse(String(init?.body));
        sent.push(body);
        return respond(body);
      }
      return json(200, { price_per_call: '0.005', currency: 'SAR' });
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/contact', element: <ContactPage /> }], {
    initialEntries: ['/contact'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return sent;
}

function fillValidMessage() {
  fireEvent.change(screen.getByLabelText('الاسم'), { target: { value: 'ريم الشمري' } });
  fireEvent.change(screen.getByLabelText('البريد الإلكتروني'), {
    target: { value: 'reem@example.sa' },
  });
  fireEvent.change(screen.getByLabelText('الموضوع'), { target: { value: 'التكامل' } });
  fireEvent.change(screen.getByLabelText('الرسالة'), {
    target: { value: 'نود ربط تطبيقنا بواجهة تنقين.' },
  });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'إرسال الرسالة' }));

afterEach(() => vi.unstubAllGlobals());

describe('the contact form', () => {
  it('shows the shared schema messages in Arabic and sends nothing', async () => {
    const sent = renderContact(() => json(201, { success: true, id: 'x' }));
    submit();
    for (const message of [
      'الاسم مطلوب',
      'البريد الإلكتروني مطلوب',
      'الموضوع مطلوب',
      'الرسالة يجب أن تكون 10 أحرف على الأقل',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('الاسم')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('sends the message with the page language and shows the success state', async () => {
    const sent = renderContact(() => json(201, { success: true, id: 'x' }));
    fillValidMessage();
    submit();
    expect(await screen.findByRole('heading', { name: 'وصلتنا رسالتك' })).toHaveFocus();
    expect(screen.getByText('شكراً لك. سنرد على reem@example.sa في أقرب وقت.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        name: 'ريم الشمري',
        email: 'reem@example.sa',
        subject: 'التكامل',
        message: 'نود ربط تطبيقنا بواجهة تنقين.',
        locale: 'ar',
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'إرسال رسالة أخرى' }));
    expect(screen.getByLabelText('الاسم')).toHaveValue('');
  });

  it('shows the Arabic refusal when the address has sent too many', async () => {
    renderContact(() =>
      json(
        429,
        {
          code: 'too_many_requests',
          status: 429,
          detail: 'Too many messages from this address, try again later',
          detail_ar: 'أرسلت رسائل كثيرة خلال ساعة، حاول مرة أخرى لاحقاً',
        },
        'application/problem+json',
      ),
    );
    fillValidMessage();
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'أرسلت رسائل كثيرة خلال ساعة، حاول مرة أخرى لاحقاً',
    );
  });

  it("puts the server's field errors under their fields", async () => {
    renderContact(() =>
      json(
        400,
        {
          code: 'validation_failed',
          status: 400,
          errors: [{ path: 'email', code: 'emailInvalid', message: 'Invalid email address' }],
        },
        'application/problem+json',
      ),
    );
    fillValidMessage();
    submit();
    await waitFor(() =>
      expect(screen.getByLabelText('البريد الإلكتروني')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByText('البريد الإلكتروني غير صالح')).toBeInTheDocument();
  });
});
