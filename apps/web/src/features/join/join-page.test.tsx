import { problems } from '@tanqin/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JoinPage } from './join-page.tsx';

const TOKEN = 'tqi_invitation_token_0123456789';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
const problem = (status: number, code: string) =>
  json(status, { type: 'about:blank', title: code, status, code, detail: 'Refused' });

const PREVIEW = {
  organization_name: 'بنك الرياض الرقمي',
  email: 'fahad@example.sa',
  role: 'verifier',
  expires_at: '2025-05-08T09:00:00.000Z',
};

type Handler = (init?: RequestInit) => Response | Promise<Response>;

function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const handler = handlers[key];
    if (!handler) throw new Error(`Unexpected call ${key}`);
    return handler(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  const bodiesOf = (key: string) =>
    fetchMock.mock.calls
      .filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key)
      .map(([, init]) => JSON.parse(String(init?.body)));
  return { bodiesOf };
}

function renderJoin(hash: string) {
  window.history.replaceState(null, '', `/join${hash}`);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/join', Component: JoinPage },
      { path: '/org-dashboard', element: <p>organisation dashboard</p> },
      { path: '/org-auth', element: <p>organisation sign-in</p> },
    ],
    { initialEntries: ['/join'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

describe('/join', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('shows who invites and as what, and removes the token from the address bar', async () => {
    let answer: (response: Response) => void = () => {};
    const { bodiesOf } = mockApi({
      'POST /api/v1/invitations/preview': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderJoin(`#token=${TOKEN}`);

    expect(await screen.findByText('جارٍ التحقق من رابط الدعوة...')).toBeVisible();
    await waitFor(() => expect(window.location.hash).toBe(''));
    expect(window.location.pathname).toBe('/join');
    answer(json(200, PREVIEW));

    expect(
      await screen.findByRole('heading', { name: 'انضم إلى بنك الرياض الرقمي' }),
    ).toBeVisible();
    expect(screen.getByText('مُحقِّق')).toBeVisible();
    const email = screen.getByLabelText('البريد الإلكتروني');
    expect(email).toHaveValue('fahad@example.sa');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAttribute('dir', 'ltr');
    expect(bodiesOf('POST /api/v1/invitations/preview')).toEqual([{ token: TOKEN }]);
  });

  it('checks the fields with the sign-up messages, then joins and opens the dashboard', async () => {
    const { bodiesOf } = mockApi({
      'POST /api/v1/invitations/preview': () => json(200, PREVIEW),
      'POST /api/v1/invitations/accept': () =>
        json(200, {
          success: true,
          token: 'new-access-token',
          user: { id: 'usr_2', email: PREVIEW.email, first_name: 'فهد', last_name: 'القحطاني' },
          organization: null,
        }),
    });
    const user = userEvent.setup();
    const { router } = renderJoin(`#token=${TOKEN}`);

    const submit = await screen.findByRole('button', { name: 'قبول الدعوة والانضمام' });
    await user.type(screen.getByLabelText('كلمة المرور'), 'short');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'other');
    await user.click(submit);
    expect(await screen.findByText('الاسم الأول مطلوب')).toBeVisible();
    expect(screen.getByText('اسم العائلة مطلوب')).toBeVisible();
    expect(screen.getByText('كلمة المرور يجب أن تكون 8 أحرف على الأقل')).toBeVisible();
    expect(screen.getByText('كلمات المرور غير متطابقة')).toBeVisible();
    expect(bodiesOf('POST /api/v1/invitations/accept')).toHaveLength(0);

    await user.type(screen.getByLabelText('الاسم الأول'), 'فهد');
    await user.type(screen.getByLabelText('اسم العائلة'), 'القحطاني');
    await user.clear(screen.getByLabelText('كلمة المرور'));
    await user.type(screen.getByLabelText('كلمة المرور'), 'lowercase1');
    expect(await screen.findByText('يجب أن تحتوي على حرف كبير على الأقل')).toBeVisible();
    await user.clear(screen.getByLabelText('كلمة المرور'));
    await user.type(screen.getByLabelText('كلمة المرور'), 'Tanqin-2025');
    await user.clear(screen.getByLabelText('تأكيد كلمة المرور'));
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'Tanqin-2025');
    await user.click(submit);

    expect(await screen.findByText('organisation dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/org-dashboard');
    expect(localStorage.getItem('org_token')).toBe('new-access-token');
    expect(bodiesOf('POST /api/v1/invitations/accept')).toEqual([
      {
        token: TOKEN,
        firstName: 'فهد',
        lastName: 'القحطاني',
        phoneNumber: '',
        password: 'Tanqin-2025',
        confirmPassword: 'Tanqin-2025',
      },
    ]);
  });

  it('shows the submitting state, and a server refusal in Arabic', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({
      'POST /api/v1/invitations/preview': () => json(200, PREVIEW),
      'POST /api/v1/invitations/accept': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const user = userEvent.setup();
    renderJoin(`#token=${TOKEN}`);

    await user.type(await screen.findByLabelText('الاسم الأول'), 'فهد');
    await user.type(screen.getByLabelText('اسم العائلة'), 'القحطاني');
    await user.type(screen.getByLabelText('كلمة المرور'), 'Tanqin-2025');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'Tanqin-2025');
    await user.click(screen.getByRole('button', { name: 'قبول الدعوة والانضمام' }));
    expect(await screen.findByRole('button', { name: 'جارٍ إنشاء حسابك...' })).toBeDisabled();

    answer(problem(409, 'already_member'));
    expect(await screen.findByText(problems.already_member.ar)).toBeVisible();
    expect(screen.getByRole('link', { name: 'تسجيل الدخول إلى منصة الجهات' })).toHaveAttribute(
      'href',
      '/org-auth?tab=login',
    );
    expect(localStorage.getItem('org_token')).toBeNull();
  });

  it.each([
    ['an expired, used or revoked link', `#token=${TOKEN}`],
    ['a link without a token', ''],
  ])('explains %s and links to sign in', async (_case, hash) => {
    mockApi({ 'POST /api/v1/invitations/preview': () => problem(404, 'invitation_invalid') });
    renderJoin(hash);

    expect(
      await screen.findByRole('heading', { name: 'رابط الدعوة غير صالح أو منتهي الصلاحية' }),
    ).toBeVisible();
    expect(screen.getByText(/اطلب من مسؤول جهتك إرسال دعوة جديدة/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'تسجيل الدخول إلى منصة الجهات' })).toHaveAttribute(
      'href',
      '/org-auth?tab=login',
    );
    expect(screen.queryByLabelText('كلمة المرور')).not.toBeInTheDocument();
  });

  it('offers a retry when the link cannot be checked', async () => {
    let isDown = true;
    mockApi({
      'POST /api/v1/invitations/preview': () =>
        isDown ? problem(500, 'internal') : json(200, PREVIEW),
    });
    const user = userEvent.setup();
    renderJoin(`#token=${TOKEN}`);

    expect(await screen.findByText(/تعذر التحقق من رابط الدعوة/)).toBeVisible();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(
      await screen.findByRole('heading', { name: 'انضم إلى بنك الرياض الرقمي' }),
    ).toBeVisible();
  });
});
