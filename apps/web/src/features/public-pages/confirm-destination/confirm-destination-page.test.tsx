import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem } from '../../../test/mock-api.tsx';
import { renderPage } from '../../../test/render-page.tsx';
import { ConfirmDestinationPage } from './confirm-destination-page.tsx';

const CONFIRM = 'POST /api/v1/notification-destinations/confirm';

describe('/confirm-destination', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('confirms only when the button is pressed, with the token of the link in the body', async () => {
    const { bodiesOf } = mockApi({
      [CONFIRM]: () =>
        json(200, {
          success: true,
          organization_name: 'جهة الاختبار',
          destination: 'soc@example.sa',
        }),
    });
    const { router } = renderPage(
      '/confirm-destination',
      ConfirmDestinationPage,
      '/confirm-destination#token=tqnd_abc',
    );
    expect(
      await screen.findByRole('heading', { name: 'تأكيد استلام التنبيهات الأمنية' }),
    ).toBeInTheDocument();
    // Opening the link confirms nothing (mail scanners open links); the token leaves the address.
    expect(router.state.location.hash).toBe('');
    expect(bodiesOf(CONFIRM)).toEqual([]);
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'نعم، أرسلوا إليّ التنبيهات' }));
    expect(
      await screen.findByText(
        'ستصل التنبيهات الأمنية لجهة جهة الاختبار من الآن إلى soc@example.sa.',
      ),
    ).toBeInTheDocument();
    expect(bodiesOf(CONFIRM)).toEqual([{ token: 'tqnd_abc' }]);
  });

  it('says a used or expired link does not work, and who can send a new one', async () => {
    mockApi({ [CONFIRM]: () => problem(400, 'destination_token_invalid') });
    renderPage(
      '/confirm-destination',
      ConfirmDestinationPage,
      '/confirm-destination#token=tqnd_old',
    );
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'نعم، أرسلوا إليّ التنبيهات' }));
    expect(await screen.findByRole('heading', { name: 'هذا الرابط لا يعمل' })).toBeInTheDocument();
    expect(
      screen.getByText('رابط التأكيد غير صالح أو مستخدم أو منتهي الصلاحية'),
    ).toBeInTheDocument();
    expect(screen.getByText(/أن ترسل إليك رابطاً جديداً من لوحة التحكم/)).toBeInTheDocument();
  });

  it('says a link without its token is incomplete', async () => {
    const { bodiesOf } = mockApi({});
    renderPage('/confirm-destination', ConfirmDestinationPage, '/confirm-destination');
    expect(
      await screen.findByText('الرابط ناقص، افتحه كما وصلك في البريد تماماً.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'نعم، أرسلوا إليّ التنبيهات' })).toBeNull();
    expect(bodiesOf(CONFIRM)).toEqual([]);
  });
});
