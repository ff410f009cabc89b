import { sessionMessages } from '@tanqin/shared';
import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionLostPath } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { closeDialog, openDialog, useLostSession } from '../../lib/open-dialogs.ts';
import { DialogToasts, releaseDialogToasts } from './toast.tsx';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** `alertdialog` for confirmations: a click on the backdrop does not dismiss it. */
  role?: 'dialog' | 'alertdialog';
  /** `side`: a full-height panel at the reading end of the page (a detail drawer). */
  placement?: 'center' | 'side';
  className?: string;
}

/**
 * A modal built on the native `<dialog>`: the browser traps focus, makes the page behind it
 * inert and closes it on Escape. Radix's dialog is not used because its scroll lock injects a
 * `<style>` tag, which our content security policy blocks.
 */
export function Dialog(props: DialogProps) {
  return props.open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({
  onOpenChange,
  title,
  description,
  children,
  role = 'dialog',
  placement = 'center',
  className,
}: DialogProps) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // Registered while open: toasts and a lost session show inside the dialog on top.
  const [dialogId] = useState(openDialog);
  useEffect(
    () => () => {
      releaseDialogToasts(dialogId);
      closeDialog(dialogId);
    },
    [dialogId],
  );

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal(); the open attribute is the same dialog without the top layer.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    // Focus goes to what the dialog is for (its first field, or a marked button), not to the
    // close button that comes first in the tab order.
    dialog
      .querySelector<HTMLElement>('[data-autofocus], input:not([type="hidden"]), select, textarea')
      ?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes it through the cancel event
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onOpenChange(false);
      }}
      // Only a click on the backdrop reaches the dialog element itself (the panel fills it).
      onClick={(event) => {
        if (event.target === event.currentTarget && role === 'dialog') onOpenChange(false);
      }}
      className={cn(
        'overflow-y-auto bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50',
        placement === 'side'
          ? 'my-0 ms-auto me-0 h-dvh max-h-dvh w-full max-w-md'
          : 'm-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg rounded-2xl',
        className,
      )}
    >
      <div className="space-y-5 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0 space-y-1">
            <h2 id={titleId} className="text-lg font-bold text-slate-900">
              {title}
            </h2>
            {description ? (
              <div id={descriptionId} className="text-sm leading-relaxed text-slate-600">
                {description}
              </div>
            ) : null}
          </div>
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            aria-label={t('close')}
            className="no-print -m-1 shrink-0 rounded-lg p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <X aria-hidden className="size-5" />
          </button>
        </div>
        {/* Where the eye is: under the title, before a form whose buttons may be out of view. */}
        <DialogToasts dialogId={dialogId} />
        <SessionLostNotice />
        {children}
      </div>
    </dialog>
  );
}

/** Inside an open dialog when the session ended: nothing was saved, what was typed stays. */
function SessionLostNotice() {
  const side = useLostSession();
  if (!side) return null;
  const language = currentLanguage();
  return (
    <div
      role="alert"
      className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <p>{sessionMessages.endedInDialog[language]}</p>
      <a
        href={sessionLostPath(side, side === 'org' ? '/org-dashboard' : '/dashboard')}
        target="_blank"
        rel="noopener"
        className="font-semibold text-brand-800 underline underline-offset-4"
      >
        {sessionMessages.signInNewWindow[language]}
      </a>
    </div>
  );
}

/** The row of buttons at the end of a dialog: the main action first (on the start side). */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-3 pt-1">{children}</div>;
}
