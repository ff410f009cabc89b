import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { JourneySection } from './components/journey-section.tsx';

const stepButton = (name: RegExp) =>
  within(screen.getByRole('list', { name: 'خطوات الرحلة' })).getByRole('button', { name });

const progress = () => screen.getByRole('progressbar', { name: 'تقدّم استعراض الرحلة' });

describe('the six-step journey', () => {
  it('starts on step 1, already counted as seen', () => {
    render(<JourneySection />);
    expect(stepButton(/طلب التحقق/)).toHaveAttribute('data-state', 'done');
    expect(stepButton(/طلب التحقق/)).toHaveAttribute('aria-current', 'step');
    expect(stepButton(/إنشاء الرمز/)).toHaveAttribute('data-state', 'pending');
    expect(progress()).toHaveAttribute('aria-valuenow', '17');
    expect(progress()).toHaveAttribute('aria-valuetext', 'استعرضت 1 من 6 خطوات');
    expect(screen.getByRole('heading', { level: 3, name: 'طلب التحقق' })).toBeInTheDocument();
    expect(screen.getByText('الجهة الرسمية')).toBeInTheDocument();
  });

  it('shows a clicked step with its actor, marks it done and fills the progress bar', async () => {
    const user = userEvent.setup();
    render(<JourneySection />);

    await user.click(stepButton(/تتبّع الاستخدام/));
    expect(stepButton(/تتبّع الاستخدام/)).toHaveAttribute('data-state', 'done');
    expect(stepButton(/تتبّع الاستخدام/)).toHaveAttribute('aria-current', 'step');
    expect(stepButton(/تتبّع الاستخدام/)).toHaveAccessibleName(/تم استعراضها/);
    expect(stepButton(/طلب التحقق/)).not.toHaveAttribute('aria-current');
    expect(stepButton(/طلب التحقق/)).toHaveAttribute('data-state', 'done');
    expect(screen.getByRole('heading', { level: 3, name: 'تتبّع الاستخدام' })).toBeInTheDocument();
    expect(screen.getByText('الفرد')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '33');

    // Going back to a seen step does not count it twice.
    await user.click(stepButton(/طلب التحقق/));
    expect(progress()).toHaveAttribute('aria-valuenow', '33');
  });

  it('can be walked with the keyboard and the next-step button to 100%', async () => {
    const user = userEvent.setup();
    render(<JourneySection />);

    stepButton(/طلب التحقق/).focus();
    await user.tab();
    expect(stepButton(/إنشاء الرمز/)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(stepButton(/إنشاء الرمز/)).toHaveAttribute('data-state', 'done');

    const next = screen.getByRole('button', { name: 'الخطوة التالية' });
    for (let i = 0; i < 4; i++) await user.click(next);
    expect(next).toBeDisabled();
    expect(progress()).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('أكملت استعراض الرحلة كاملة')).toBeInTheDocument();
    for (const button of within(screen.getByRole('list', { name: 'خطوات الرحلة' })).getAllByRole(
      'button',
    )) {
      expect(button).toHaveAttribute('data-state', 'done');
    }
  });
});
