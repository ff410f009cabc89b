import { validationMessages } from '@tanqin/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { DateField } from './date-field.tsx';
import { parseTypedDate } from './typed-date.ts';

/** A field whose owner keeps the value, as the filters do; every value it is told is recorded. */
function Owned({ initial = '', withTime = false }: { initial?: string; withTime?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="من تاريخ"
        value={value}
        withTime={withTime}
        onChange={(next) => {
          told(next);
          setValue(next);
        }}
        onInvalid={() => told(null)}
      />
      <output aria-label="القيمة">{value}</output>
      <button type="button" onClick={() => setValue('')}>
        مسح
      </button>
    </>
  );
}
const told = vi.fn();

describe('the date field', () => {
  afterEach(async () => {
    told.mockClear();
    await i18n.changeLanguage('ar');
  });

  it('takes a date typed day first and gives the ISO date', async () => {
    const user = userEvent.setup();
    render(<Owned />);
    const field = screen.getByLabelText('من تاريخ');
    expect(field).toHaveAttribute('placeholder', 'يوم/شهر/سنة');
    expect(field).toHaveAttribute('dir', 'ltr');
    await user.type(field, '5/1/2026');
    await user.tab();
    expect(screen.getByLabelText('القيمة')).toHaveTextContent('2026-01-05');
    expect(told).toHaveBeenLastCalledWith('2026-01-05');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('reads Arabic-Indic digits and pasted direction marks, and shows Latin digits', async () => {
    const user = userEvent.setup();
    render(<Owned />);
    const field = screen.getByLabelText('من تاريخ');
    await user.click(field);
    await user.paste('\u200f٢٢/١١/٢٠٢٦\u200e');
    expect(screen.getByLabelText('القيمة')).toHaveTextContent('2026-11-22');
  });

  it('says what to type, in the words of packages/shared, for a date that does not exist', async () => {
    const user = userEvent.setup();
    render(<Owned initial="2026-01-05" />);
    const field = screen.getByLabelText('من تاريخ');
    expect(field).toHaveValue('05/01/2026');
    await user.tripleClick(field);
    await user.keyboard('31/02/2026');
    // Nothing is said while typing; the value the owner holds is left as it was.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(validationMessages.dateInvalid.ar);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(validationMessages.dateInvalid.ar);
    expect(told).toHaveBeenLastCalledWith(null);
    expect(screen.getByLabelText('القيمة')).toHaveTextContent('2026-01-05');

    await user.clear(field);
    await user.type(field, '28/02/2026');
    await user.tab();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('القيمة')).toHaveTextContent('2026-02-28');
  });

  it('takes a date and a time, on a 24-hour or an Arabic 12-hour clock', async () => {
    const user = userEvent.setup();
    render(<Owned withTime />);
    const field = screen.getByLabelText('من تاريخ');
    expect(field).toHaveAttribute('placeholder', 'يوم/شهر/سنة ساعة:دقيقة');
    await user.type(field, '22/11/2026 14:30');
    expect(screen.getByLabelText('القيمة')).toHaveTextContent('2026-11-22T14:30');
    await user.clear(field);
    await user.type(field, '22/11/2026 2:05 م');
    expect(screen.getByLabelText('القيمة')).toHaveTextContent('2026-11-22T14:05');
    await user.clear(field);
    await user.type(field, '22/11/2026');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(validationMessages.dateTimeInvalid.ar);
  });

  it('empties with its owner, and an empty field is no date rather than a wrong one', async () => {
    const user = userEvent.setup();
    render(<Owned initial="2026-03-09" />);
    const field = screen.getByLabelText('من تاريخ');
    expect(field).toHaveValue('09/03/2026');
    await user.click(screen.getByRole('button', { name: 'مسح' }));
    expect(field).toHaveValue('');
    await user.type(field, '1/4/2026');
    await user.clear(field);
    await user.tab();
    expect(told).toHaveBeenLastCalledWith('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers the calendar beside the text', async () => {
    render(<Owned initial="2026-03-09" />);
    const calendar = screen.getByRole('button', { name: 'اختيار من التقويم' });
    const picker = document.querySelector<HTMLInputElement>('input[type="date"]')!;
    expect(picker).toHaveValue('2026-03-09');
    picker.showPicker = vi.fn();
    await userEvent.click(calendar);
    expect(picker.showPicker).toHaveBeenCalledOnce();
  });

  it('reads the same day-first order in English, with its own words', async () => {
    await i18n.changeLanguage('en');
    const user = userEvent.setup();
    render(<Owned />);
    const field = screen.getByLabelText('من تاريخ');
    expect(field).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    await user.type(field, '13/12/2026');
    expect(screen.getByLabelText('القيمة')).toHaveTextContent('2026-12-13');
    await user.clear(field);
    await user.type(field, '12/13/2026');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(validationMessages.dateInvalid.en);
  });
});

describe('typed dates', () => {
  it.each([
    ['22/11/2026', false, '2026-11-22'],
    ['2026-11-22', false, '2026-11-22'],
    ['22.11.2026', false, '2026-11-22'],
    ['29/02/2028', false, '2028-02-29'],
    ['29/02/2027', false, null],
    ['22/11/26', false, null],
    ['22/11/2026 10:00', false, null],
    ['', false, ''],
    ['22/11/2026 00:00', true, '2026-11-22T00:00'],
    ['22/11/2026 12:00 ص', true, '2026-11-22T00:00'],
    ['22/11/2026 12:00 pm', true, '2026-11-22T12:00'],
    ['22/11/2026 24:00', true, null],
    ['22/11/2026 13:00 م', true, null],
  ])('"%s" (time: %s) is %s', (text, withTime, value) => {
    expect(parseTypedDate(text, withTime)).toBe(value);
  });
});
