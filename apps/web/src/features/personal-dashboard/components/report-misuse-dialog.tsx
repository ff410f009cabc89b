import { MISUSE_NOTE_MAX, type PersonalCode } from '@tanqin/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useReportMisuse } from '../api/my-codes.ts';
import { formatCount } from '../format.ts';

const isolate = (name: string) => `\u2068${name}\u2069`;

/**
 * "This wasn't me": says who is told (the issuer, and the body that used the code or that it was
 * addressed to) and that an active code is revoked, then sends the report with an optional note.
 */
export function ReportMisuseDialog({ code, onClose }: { code: PersonalCode; onClose: () => void }) {
  const { t } = useTranslation('personalDashboard');
  const report = useReportMisuse();
  const [note, setNote] = useState('');
  const noteId = useId();
  // Isolated: an Arabic name inside an English sentence keeps the sentence's order.
  const first = isolate(code.issuer.name);
  const second = isolate((code.used_by ?? code.audience).name);
  const isActive = code.status === 'active';

  const send = () =>
    report.mutate(
      { id: code.id, note },
      {
        onSuccess: ({ report: sent }) => {
          toast.success(t(sent.revoked_code ? 'misuse.doneRevoked' : 'misuse.done'));
          onClose();
        },
        onError: () => toast.error(t('misuse.failed')),
      },
    );

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('misuse.title')}
      description={
        <>
          {first === second
            ? t('misuse.descriptionOne', { first })
            : t('misuse.descriptionBoth', { first, second })}{' '}
          {isActive ? `${t('misuse.revokes')} ` : null}
          {t('misuse.once')}
        </>
      }
      confirmLabel={t('misuse.confirm')}
      pendingLabel={t('misuse.pending')}
      cancelLabel={t('misuse.cancel')}
      isPending={report.isPending}
      onConfirm={send}
    >
      <div className="space-y-1.5">
        <label htmlFor={noteId} className="block text-sm font-medium text-slate-800">
          {t('misuse.noteLabel')}
        </label>
        <textarea
          id={noteId}
          rows={3}
          maxLength={MISUSE_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          aria-describedby={`${noteId}-hint`}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:outline-2 focus:outline-brand-600"
        />
        <p id={`${noteId}-hint`} className="text-xs text-slate-600">
          {t('misuse.noteHint', { max: formatCount(MISUSE_NOTE_MAX) })}
        </p>
      </div>
    </ConfirmDialog>
  );
}
