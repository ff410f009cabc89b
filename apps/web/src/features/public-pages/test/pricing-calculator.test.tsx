import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { costOf, parseCallCount, toThousandths } from '../pricing/money.ts';
import { PricingCalculator } from '../pricing/pricing-calculator.tsx';

describe('exact money', () => {
  it('multiplies calls by the price without float errors', () => {
    // As floats: 3 * 0.1 = 0.30000000000000004 and 1e15 * 0.005 loses the last digits.
    expect(costOf(3n, '0.1')).toBe('0.300');
    expect(costOf(999_999_999_999n, '0.005')).toBe('4999999999.995');
    expect(costOf(7n, '0.007')).toBe('0.049');
    expect(costOf(0n, '0.005')).toBe('0.000');
    expect(costOf(12n, '1.25')).toBe('15.000');
  });

  it('reads prices with up to three decimals and refuses more', () => {
    expect(toThousandths('0.005')).toBe(5n);
    expect(toThousandths('2')).toBe(2000n);
    expect(() => toThousandths('0.0005')).toThrow();
  });

  it('reads what people type: separators and Arabic-Indic digits', () => {
    expect(parseCallCount('1,000,000')).toEqual({ ok: true, value: 1_000_000n });
    expect(parseCallCount('١٢٣٬٤٥٦')).toEqual({ ok: true, value: 123_456n });
    expect(parseCallCount('12.5')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseCallCount('-3')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseCallCount('')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseCallCount('1000000000001')).toEqual({ ok: false, reason: 'tooLarge' });
  });
});

describe('the pricing calculator', () => {
  const calls = () => screen.getByLabelText('عدد الاستدعاءات في الشهر');

  it('turns calls per month into the monthly and yearly cost at the given price', () => {
    render(<PricingCalculator price="0.005" />);
    expect(calls()).toHaveValue('10000');
    expect(screen.getByTestId('monthly-cost')).toHaveTextContent('50.000 ريال');

    fireEvent.change(calls(), { target: { value: '123457' } });
    expect(screen.getByTestId('monthly-cost')).toHaveTextContent('617.285 ريال');
    expect(screen.getByTestId('yearly-cost')).toHaveTextContent('7,407.420 ريال');
    expect(screen.getByText('123,457 استدعاء × 0.005 ريال')).toBeInTheDocument();
  });

  it('uses the price it is given (the server figure), and the presets', () => {
    render(<PricingCalculator price="0.01" />);
    fireEvent.click(screen.getByRole('button', { name: '1,000,000' }));
    expect(calls()).toHaveValue('1000000');
    expect(screen.getByRole('button', { name: '1,000,000' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByTestId('monthly-cost')).toHaveTextContent('10,000.000 ريال');
  });

  it('shows a message for input that is not a whole number of calls', () => {
    render(<PricingCalculator price="0.005" />);
    fireEvent.change(calls(), { target: { value: '12.5' } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'أدخل عدداً صحيحاً موجباً من الاستدعاءات دون كسور',
    );
    expect(calls()).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(calls(), { target: { value: '5000000000000' } });
    expect(screen.getByRole('alert')).toHaveTextContent('تريليون');
    fireEvent.change(calls(), { target: { value: '٢٠٠' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('monthly-cost')).toHaveTextContent('1.000 ريال');
  });
});
