import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';

/** Asks before deleting a file for good; stays open until the server has answered. */
export function DeleteDocumentDialog({
  name,
  isPending,
  onConfirm,
  onClose,
}: {
  name: string;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('documents');
  return (
    <Dialog
      open
      role="alertdialog"
      onOpenChange={(open) => {
        if (!open && !isPending) onClose();
      }}
      title={t('delete.title')}
      description={t('delete.description', { name })}
    >
      <DialogActions>
        <Button variant="danger" onClick={onConfirm} disabled={isPending}>
          {isPending ? t('delete.pending') : t('delete.confirm')}
        </Button>
        <Button variant="ghost" data-autofocus onClick={onClose} disabled={isPending}>
          {t('delete.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
