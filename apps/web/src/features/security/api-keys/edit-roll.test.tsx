import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../../test/mock-api.tsx';
import type { ApiKey } from '../api/get-api-keys.ts';
import { apiKey, ORG_ID } from '../test/fixtures.ts';
import { ApiKeysTab } from './api-keys-tab.tsx';

const KEY_ID = apiKey().id;
const KEY_PATH = `/api/v1/security/api-keys/${KEY_ID}`;
const renderTab = () => renderWithProviders(<ApiKeysTab organizationId={ORG_ID} canManageKeys />);

describe('editing and rolling a key', () => {
  beforeEach(() => localStorage.setItem('org_token', 'access-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('sends only what was changed, and the card shows it after saving', async () => {
    let key: ApiKey = apiKey({ allowed_ips: ['203.0.113.5'] });
    const { bodiesOf } = mockApi({
      'GET /api/v1/security/api-keys': () => json(200, { api_keys: [key] }),
      [`PATCH ${KEY_PATH}`]: ({ body }) => {
        const changes = body as Partial<ApiKey>;
        key = { ...key, ...changes };
        return json(200, { success: true, ...key });
      },
    });
    const user = userEvent.setup();
    renderTab();

    await user.click(await screen.findByRole('button', { name: 'تعديل المفتاح خادم الإنتاج' }));
    const dialog = screen.getByRole('dialog', { name: 'تعديل المفتاح «خادم الإنتاج»' });
    const save = within(dialog).getByRole('button', { name: 'حفظ التغييرات' });
    // The form holds the key's settings; nothing to save until something changes.
    expect(within(dialog).getByLabelText('اسم المفتاح')).toHaveValue('خادم الإنتاج');
    expect(within(dialog).getByLabelText(/عناوين IP المسموح بها/)).toHaveValue('203.0.113.5');
    expect(save).toBeDisabled();

    await user.click(within(dialog).getByRole('checkbox', { name: /token:revoke/ }));
    await user.clear(within(dialog).getByLabelText(/عناوين IP المسموح بها/));
    await user.clear(within(dialog).getByLabelText('حد الطلبات في الدقيقة'));
    await user.type(within(dialog).getByLabelText('حد الطلبات في الدقيقة'), '120');
    await user.click(save);

    expect(await screen.findByText('حُفظت تغييرات المفتاح')).toBeInTheDocument();
    expect(bodiesOf(`PATCH ${KEY_PATH}`)).toEqual([
      {
        scopes: ['token:generate', 'token:verify', 'token:revoke'],
        allowed_ips: null,
        rate_limit_per_minute: 120,
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const card = await screen.findByRole('group', { name: 'خادم الإنتاج' });
    expect(await within(card).findByText('token:revoke')).toBeInTheDocument();
    expect(within(card).getByText('جميع العناوين')).toBeInTheDocument();
  });

  it('rolls the secret with the chosen grace, shows the new one once and counts the grace down', async () => {
    let key: ApiKey = apiKey();
    const graceEnd = new Date(Date.now() + 3 * 86_400_000 + 60_000).toISOString();
    const { bodiesOf } = mockApi({
      'GET /api/v1/security/api-keys': () => json(200, { api_keys: [key] }),
      [`POST ${KEY_PATH}/roll`]: () => {
        key = { ...key, previous_secret_expires_at: graceEnd, secret_rolled_at: key.created_at };
        return json(200, {
          success: true,
          id: KEY_ID,
          key_name: key.key_name,
          api_key: key.api_key,
          api_secret: 'tqs_live_rolledsecret',
          previous_secret_expires_at: graceEnd,
          secret_rolled_at: key.created_at,
        });
      },
      [`DELETE ${KEY_PATH}`]: () => json(200, { success: true }),
    });
    const user = userEvent.setup();
    renderTab();

    await user.click(
      await screen.findByRole('button', { name: 'تدوير السر للمفتاح خادم الإنتاج' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'تدوير سر المفتاح «خادم الإنتاج»' });
    await user.selectOptions(within(dialog).getByLabelText('مدة بقاء السر القديم صالحاً'), '3 أيام');
    await user.click(within(dialog).getByRole('button', { name: 'تدوير السر' }));

    const shownOnce = await screen.findByRole('region', { name: 'سر جديد للمفتاح «خادم الإنتاج»' });
    expect(bodiesOf(`POST ${KEY_PATH}/roll`)).toEqual([{ grace_seconds: 259_200 }]);
    expect(within(shownOnce).getByText('tqs_live_rolledsecret')).toBeInTheDocument();
    expect(within(shownOnce).getByText(/^السر السابق يظل صالحاً حتى/)).toBeInTheDocument();
    const card = await screen.findByRole('group', { name: 'خادم الإنتاج' });
    expect(await within(card).findByText(/ينتهي خلال 3 أيام/)).toBeInTheDocument();

    // Deleting the key takes its secret off the screen too.
    await user.click(within(card).getByRole('button', { name: 'حذف المفتاح خادم الإنتاج' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'حذف المفتاح' }),
    );
    await screen.findByText('تم حذف مفتاح API بنجاح');
    expect(screen.queryByText('tqs_live_rolledsecret')).not.toBeInTheDocument();
  });
});
