import { Upload } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button.tsx';
import { ACCEPTED_FILES } from '../file-checks.ts';

/** A button that opens the file chooser (PDF, JPEG, PNG) and hands over the one file chosen. */
export function FilePickerButton({
  onFile,
  children,
  inputLabel,
  ...buttonProps
}: Omit<ButtonProps, 'onClick'> & {
  onFile: (file: File) => void;
  children: ReactNode;
  /** The accessible name of the hidden file input, for tests and assistive technology. */
  inputLabel: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...buttonProps} onClick={() => input.current?.click()}>
        <Upload aria-hidden className="size-4" />
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED_FILES}
        aria-label={inputLabel}
        tabIndex={-1}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so choosing the same file again (after a fix) still reports a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
