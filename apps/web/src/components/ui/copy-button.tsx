import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from './button.tsx';
import { toast } from './toast.tsx';

/** Copies a value and confirms with a toast; the icon shows the confirmation for 2 seconds. */
export function CopyButton({
  value,
  label,
  ...props
}: { value: string; label?: string } & Omit<ButtonProps, 'onClick' | 'value'>) {
  const { t } = useTranslation('common');
  const [isCopied, setIsCopied] = useState(false);
  // Cleared when the button goes away, so no state is set on an unmounted button.
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [isCopied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setIsCopied(true);
      toast.success(t('copiedToClipboard'));
    } catch {
      toast.error(t('copyFailed'));
    }
  };
  // The accessible name contains the visible word (WCAG 2.5.3, label in name).
  const copyWord = t('copy');
  const name =
    label && !label.toLowerCase().includes(copyWord.toLowerCase())
      ? `${copyWord}: ${label}`
      : (label ?? copyWord);
  return (
    <Button variant="secondary" size="sm" onClick={copy} aria-label={name} {...props}>
      {isCopied ? (
        <Check aria-hidden className="size-4" />
      ) : (
        <Copy aria-hidden className="size-4" />
      )}
      <span>{isCopied ? t('copied') : t('copy')}</span>
    </Button>
  );
}
