import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Dialog, DialogActions } from './dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  /** What the confirm button reads while the action runs. */
  pendingLabel: string;
  cancelLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  /** Shown above the buttons, e.g. the failure of the last attempt. */
  children?: ReactNode;
}

/**
 * Asks before an action that cannot be undone (a red confirm button). It stays open until the
 * action has finished: while `isPending` neither Escape nor the buttons close it. The safe
 * choice has the focus, so a stray Enter changes nothing. Callers pass their own texts.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  isPending,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!isPending) onOpenChange(next);
      }}
      role="alertdialog"
      title={title}
      description={description}
    >
      {children}
      <DialogActions>
        <Button variant="danger" onClick={onConfirm} disabled={isPending}>
          {isPending ? pendingLabel : confirmLabel}
        </Button>
        <Button
          variant="ghost"
          data-autofocus
          onClick={() => onOpenChange(false)}
          disabled={isPending}
        >
          {cancelLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
