import { CalendarDays } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { localMessage } from '../../lib/language.ts';
import { controlClasses, FieldShell } from './field.tsx';
import { formatDateValue, parseTypedDate } from './typed-date.ts';

export interface DateFieldProps {
  label: ReactNode;
  /** "2026-11-22", or with `withTime` "2026-11-22T14:30" in the device's time; '' for none. */
  value: string;
  /** A date typed or picked, as such a value, or '' once the field is emptied. */
  onChange: (value: string) => void;
  /** The text was changed to something that is no date (the owner's value is left as it was). */
  onInvalid?: () => void;
  withTime?: boolean;
  /** Bounds of the calendar, as values. */
  min?: string;
  max?: string;
  error?: string;
  hint?: ReactNode;
  id?: string;
}

/**
 * A date typed day first, "22/11/2026" (with `withTime`, "22/11/2026 14:30"), in both languages,
 * with a calendar beside it. A native date input would show the browser's own order (mm/dd/yyyy
 * in an English Chromium, whatever the page's language) and cannot be told otherwise.
 */
export function DateField({
  label,
  value,
  onChange,
  onInvalid,
  withTime = false,
  min,
  max,
  error,
  hint,
  id,
}: DateFieldProps) {
  const { t } = useTranslation('common');
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const picker = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => formatDateValue(value, withTime));
  const [hasLeft, setHasLeft] = useState(false);
  const [shownValue, setShownValue] = useState(value);

  // A value set from outside (filters cleared, a form reset) replaces the text, unless the text
  // already says it; a value that is no date (a form's mark for bad text) leaves the text alone.
  if (value !== shownValue) {
    setShownValue(value);
    const formatted = formatDateValue(value, withTime);
    if ((value === '' || formatted) && parseTypedDate(text, withTime) !== value) {
      setText(formatted);
    }
  }

  const typed = parseTypedDate(text, withTime);
  const ownError =
    hasLeft && typed === null ? localMessage(withTime ? 'dateTimeInvalid' : 'dateInvalid') : '';
  const shownError = ownError || error;

  const change = (next: string) => {
    setText(next);
    setHasLeft(false);
    const parsed = parseTypedDate(next, withTime);
    if (parsed === null) onInvalid?.();
    else onChange(parsed);
  };

  return (
    <FieldShell id={inputId} label={label} error={shownError} hint={hint}>
      <div className="relative flex gap-2">
        <input
          id={inputId}
          type="text"
          dir="ltr"
          autoComplete="off"
          placeholder={t(withTime ? 'date.dateTimePlaceholder' : 'date.placeholder')}
          value={text}
          onChange={(event) => change(event.target.value)}
          onBlur={() => setHasLeft(true)}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined}
          className={cn(controlClasses(Boolean(shownError)), 'min-w-0 rtl:text-right')}
        />
        <button
          type="button"
          className={cn(
            'flex w-10 shrink-0 items-center justify-center rounded-lg bg-white text-brand-800',
            'ring-1 ring-brand-700/30 ring-inset hover:bg-brand-50',
            'focus-visible:outline-2 focus-visible:outline-brand-700 focus-visible:outline-offset-2',
          )}
          aria-label={t('date.pick')}
          title={t('date.pick')}
          onClick={() => picker.current?.showPicker?.()}
        >
          <CalendarDays aria-hidden className="size-4" />
        </button>
        {/* The browser's calendar, opened by the button; its own text is never shown. */}
        <input
          ref={picker}
          type={withTime ? 'datetime-local' : 'date'}
          tabIndex={-1}
          aria-hidden
          className="pointer-events-none absolute bottom-0 end-0 size-px opacity-0"
          value={typed || ''}
          min={min}
          max={max}
          onChange={(event) => change(formatDateValue(event.target.value, withTime))}
        />
      </div>
    </FieldShell>
  );
}
