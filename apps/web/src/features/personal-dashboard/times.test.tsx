import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PersonalLayout } from '../../components/personal-layout.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { renderWithProviders } from '../../test/mock-api.tsx';
import { formatDateTime as formatCodeTime } from './format.ts';

function Times() {
  // 21:30 UTC is already the next day in Riyadh (UTC+3).
  return (
    <>
      <p data-testid="session">{formatDateTime('2026-11-22T21:30:00Z')}</p>
      <p data-testid="code">{formatCodeTime('2026-11-22T21:30:00Z')}</p>
    </>
  );
}

describe("a person's times", () => {
  it("shows every time in Riyadh time, the zone of the person's messages, and names it", async () => {
    renderWithProviders(
      <PersonalLayout title="لوحة التحكم">
        <Times />
      </PersonalLayout>,
    );
    expect(await screen.findByText(/كل الأوقات هنا وفي رسائلك بتوقيت الرياض/)).toBeInTheDocument();
    expect(screen.getByTestId('session')).toHaveTextContent(/23\u200f?\/11\u200f?\/2026/);
    expect(screen.getByTestId('session')).toHaveTextContent('12:30 ص');
    expect(screen.getByTestId('code')).toHaveTextContent('23 نوفمبر 2026');
    expect(screen.getByTestId('code')).toHaveTextContent('12:30 ص');
  });
});
