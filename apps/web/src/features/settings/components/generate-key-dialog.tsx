import { Download, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { failureText } from '../../../lib/problem-text.ts';
import { saveTextFile } from '../../../lib/save-file.ts';
import { useChangeEncryptionKey } from '../api/encryption-key.ts';
import { valueBoxClasses } from './value-box.ts';

export interface GeneratedPair {
  publicKey: string;
  privateKey: string;
  fingerprint: string;
}

/**
 * A key pair made in this browser: the private key is offered as a file and lives only in this
 * dialog's state; the public key is registered once the file was downloaded, so a key whose
 * private half was never saved cannot lock anything.
 */
export function GenerateKeyDialog({
  organizationId,
  pair,
  onClose,
  onRegistered,
}: {
  organizationId: string;
  pair: GeneratedPair;
  onClose: () => void;
  onRegistered: () => void;
}) {
  const { t } = useTranslation('settings');
  const change = useChangeEncryptionKey(organizationId);
  const [savedAs, setSavedAs] = useState<string>();
  const fileName = `tanqin-private-key-${pair.fingerprint.slice(0, 9).replace(' ', '')}.pem`;

  const download = () => {
    saveTextFile(pair.privateKey, fileName, 'application/x-pem-file');
    setSavedAs(fileName);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !change.isPending) onClose();
      }}
      title={t('encryptionKey.generate.dialogTitle')}
      description={t('encryptionKey.generate.dialogBody')}
    >
      <dl className="space-y-1">
        <dt className="text-sm font-medium text-slate-800">{t('encryptionKey.fingerprint')}</dt>
        <dd dir="ltr" className={valueBoxClasses}>
          {pair.fingerprint}
        </dd>
      </dl>
      <Alert tone="warning">{t('encryptionKey.lossNote')}</Alert>
      {savedAs ? (
        <Alert tone="success">{t('encryptionKey.generate.downloaded', { file: savedAs })}</Alert>
      ) : null}
      {change.isError ? (
        <Alert tone="error">{failureText(t('encryptionKey.saveFailed'), change.error)}</Alert>
      ) : null}
      <DialogActions>
        <Button variant={savedAs ? 'secondary' : 'primary'} onClick={download}>
          <Download aria-hidden className="size-4" />
          {t('encryptionKey.generate.download')}
        </Button>
        <Button
          disabled={!savedAs || change.isPending}
          aria-busy={change.isPending}
          onClick={() => change.mutate(pair.publicKey, { onSuccess: onRegistered })}
        >
          <KeyRound aria-hidden className="size-4" />
          {change.isPending
            ? t('encryptionKey.generate.registering')
            : t('encryptionKey.generate.register')}
        </Button>
        <Button variant="ghost" disabled={change.isPending} onClick={onClose}>
          {t('actions.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
