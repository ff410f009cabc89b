import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';

/** Asks before an action that cannot be undone; stays open until the action has finished. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  isPending,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  /** e.g. the failure of the last attempt. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('settings');
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
        {/* The safe choice has the focus, so a stray Enter changes nothing. */}
        <Button
          variant="ghost"
          data-autofocus
          onClick={() => onOpenChange(false)}
          disabled={isPending}
        >
          {t('actions.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
