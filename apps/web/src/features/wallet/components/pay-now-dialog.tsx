import { CreditCard } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

/**
 * The spec's pay-now alert ('سيتم توجيهك إلى صفحة الدفع قريباً') as an in-page alert dialog
 * rather than window.alert: it is in Arabic and right to left, styled like the product, and
 * announced by screen readers. Built on the native <dialog> (focus trap, Escape, inert page)
 * because Radix's scroll lock injects a <style> tag that our content security policy blocks.
 */
export function PayNowDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal(); the open attribute gives the same dialog without the top layer.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    // An alert dialog puts focus on its only action.
    dialog.querySelector('button')?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-2xl bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="flex flex-col items-center gap-4 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <CreditCard aria-hidden className="size-6" />
        </span>
        <h3 id={titleId} className="text-lg font-bold">
          {t('payDialog.title')}
        </h3>
        <p id={bodyId} className="leading-relaxed text-slate-700">
          {t('payDialog.body')}
        </p>
        <Button className="w-full" onClick={onClose}>
          {t('payDialog.ok')}
        </Button>
      </div>
    </dialog>
  );
}
