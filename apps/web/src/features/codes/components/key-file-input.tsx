import { Upload } from 'lucide-react';
import { type ChangeEvent, forwardRef, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

/**
 * The private key file chooser: a button in the page's language (the browser's own file button
 * speaks the browser's). The file is read here and handed over as text, never uploaded.
 */
export const KeyFileInput = forwardRef<
  HTMLInputElement,
  { onFile: (text: string, fileName: string) => void; describedBy?: string }
>(function KeyFileInput({ onFile, describedBy }, ref) {
  const { t } = useTranslation('codes');
  const labelId = useId();

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(await file.text(), file.name);
  };

  return (
    <div className="space-y-1.5">
      <p id={labelId} className="text-sm font-semibold text-slate-800">
        {t('keyFile.label')}
      </p>
      <label
        className={cn(
          buttonClasses('secondary'),
          'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
        )}
      >
        <Upload aria-hidden className="size-4" />
        {t('keyFile.choose')}
        <input
          ref={ref}
          type="file"
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          accept=".pem,.key,.txt,application/x-pem-file,text/plain"
          onChange={onChange}
          className="sr-only"
        />
      </label>
    </div>
  );
});
