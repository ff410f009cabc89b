import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from './field.tsx';

/**
 * A 6-digit one-time code: numeric keyboard, filled from SMS on phones, read left to right,
 * large and spaced so each digit is clear.
 */
export const CodeInput = forwardRef<HTMLInputElement, TextFieldProps>(
  function CodeInput(props, ref) {
    return (
      <TextField
        ref={ref}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        dir="ltr"
        placeholder="••••••"
        className="text-center font-mono text-2xl tracking-[0.5em]"
        {...props}
      />
    );
  },
);
