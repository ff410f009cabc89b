import { problems, sessionMessages } from '@tanqin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionLostNavigator } from '../../../lib/api-client.ts';
import {
  json,
  type MockRequest,
  mockApi,
  problem,
  renderWithProviders,
} from '../../../test/mock-api.tsx';
import { apiKey, ORG_ID } from '../test/fixtures.ts';
import { ApiKeysTab } from './api-keys-tab.tsx';

/** The list loads with the first token; after the session ends only a new sign-in's token works. */
const signedInAgain = ({ init }: MockRequest) => {
  const authorization = (init?.headers as Record<string, string> | undefined)?.Authorization;
  return (
    authorization === 'Bearer new-token' ||
    (authorization === 'Bearer access-token' && init?.method === 'GET')
  );
};

const openCreateDialog = async (user: ReturnType<typeof userEvent.setup>) => {
  renderWithProviders(<ApiKeysTab organizationId={ORG_ID} canManageKeys />, {
    entries: ['/org-dashboard?section=keys'],
  });
  await user.click(await screen.findByRole('button', { name: 'إنشاء مفتاح جديد' }));
  const dialog = screen.getByRole('dialog', { name: 'إنشاء مفتاح API جديد' });
  await user.type(within(dialog).getByLabelText('اسم المفتاح'), 'تكامل الفوترة');
  return dialog;
};

describe('a refused action inside a dialog', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    localStorage.setItem('org_token', 'access-token');
    sessionStorage.clear();
    setSessionLostNavigator(navigate);
    navigate.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a 403 (the role changed meanwhile) at the top of the dialog, focused and announced', async () => {
    mockApi({
      'GET /api/v1/security/api-keys': () => json(200, { api_keys: [] }),
      'POST /api/v1/security/api-keys': () => problem(403, 'forbidden'),
    });
    const user = userEvent.setup();
    const dialog = await openCreateDialog(user);

    await user.click(within(dialog).getByRole('button', { name: 'إنشاء المفتاح' }));
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent(new RegExp(`تعذر إنشاء مفتاح API.*${problems.forbidden.ar}`));
    // Under the title, before the form and its buttons; the focus moved to it.
    const nameField = within(dialog).getByLabelText('اسم المفتاح');
    expect(
      refusal.compareDocumentPosition(nameField) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await waitFor(() => expect(refusal).toHaveFocus());
    expect(nameField).toHaveValue('تكامل الفوترة');
  });

  it('on a lost session keeps the dialog and what was typed, says why, and goes through after signing in elsewhere', async () => {
    let keys: unknown[] = [];
    const { callsTo } = mockApi({
      'GET /api/v1/security/api-keys': (call) =>
        signedInAgain(call) ? json(200, { api_keys: keys }) : problem(401, 'session_expired'),
      'POST /api/v1/auth/refresh': () => problem(401, 'session_expired'),
      'POST /api/v1/security/api-keys': (call) => {
        if (!signedInAgain(call)) return problem(401, 'session_expired');
        keys = [apiKey({ key_name: 'تكامل الفوترة' })];
        return json(201, {
          success: true,
          id: '00000000-0000-4000-8000-000000000001',
          key_name: 'تكامل الفوترة',
          api_key: 'tqk_live_newkey0000000000abcd',
          api_secret: 'tqs_live_supersecretvalue',
          scopes: ['token:generate', 'token:verify'],
          expires_at: null,
        });
      },
    });
    const user = userEvent.setup();
    const dialog = await openCreateDialog(user);

    await user.click(within(dialog).getByRole('button', { name: 'إنشاء المفتاح' }));
    expect(await within(dialog).findByText(sessionMessages.endedInDialog.ar)).toBeVisible();
    expect(navigate).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText('اسم المفتاح')).toHaveValue('تكامل الفوترة');
    const signIn = within(dialog).getByRole('link', { name: sessionMessages.signInNewWindow.ar });
    expect(signIn).toHaveAttribute('target', '_blank');
    expect(signIn.getAttribute('href')).toMatch(/^\/org-auth\?tab=login/);

    // Signed in in another window: the token is shared, the same form now goes through.
    localStorage.setItem('org_token', 'new-token');
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء المفتاح' }));
    await screen.findByRole('region', { name: 'تم إنشاء المفتاح «تكامل الفوترة»' });
    expect(screen.queryByText(sessionMessages.endedInDialog.ar)).not.toBeInTheDocument();
    expect(callsTo('POST /api/v1/security/api-keys')).toHaveLength(2);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes to sign in, saying why, when the dialog is closed without signing in', async () => {
    mockApi({
      'GET /api/v1/security/api-keys': (call) =>
        signedInAgain(call) ? json(200, { api_keys: [] }) : problem(401, 'session_expired'),
      'POST /api/v1/auth/refresh': () => problem(401, 'session_expired'),
      'POST /api/v1/security/api-keys': () => problem(401, 'session_expired'),
    });
    const user = userEvent.setup();
    const dialog = await openCreateDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء المفتاح' }));
    await within(dialog).findByText(sessionMessages.endedInDialog.ar);

    await user.click(within(dialog).getByRole('button', { name: 'إغلاق' }));
    // Back to this page after signing in (the test's window stays at /).
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/org-auth?tab=login&redirect=%2F'));
    expect(sessionStorage.getItem('session_ended')).toBe('1');
  });
});
