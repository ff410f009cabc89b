import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';

/** Asks before revoking: the dialog stays open until the server has answered. */
export function RevokeCodeDialog({
  audience,
  isPending,
  onConfirm,
  onClose,
}: {
  audience: string;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('personalDashboard');
  return (
    <Dialog
      open
      role="alertdialog"
      onOpenChange={(open) => {
        if (!open && !isPending) onClose();
      }}
      title={t('revoke.title')}
      description={t('revoke.description', { audience })}
    >
      <DialogActions>
        <Button variant="danger" onClick={onConfirm} disabled={isPending}>
          {isPending ? t('revoke.pending') : t('revoke.confirm')}
        </Button>
        {/* The safe choice has the focus, so a stray Enter revokes nothing. */}
        <Button variant="ghost" data-autofocus onClick={onClose} disabled={isPending}>
          {t('revoke.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
