import { CheckCircle2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../format.ts';
import type { UploadState } from '../use-document-uploads.ts';

/** An upload's progress as the browser reports it, then its outcome. */
export function UploadProgress({
  upload,
  onCancel,
}: {
  upload: UploadState;
  onCancel: () => void;
}) {
  const { t } = useTranslation('documents');
  if (upload.phase === 'failed') {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm">
        <p className="font-semibold text-red-800 [overflow-wrap:anywhere]">
          {t('upload.failedTitle', { name: upload.name })}
        </p>
        <p className="text-red-800">{upload.error}</p>
      </div>
    );
  }
  const isDone = upload.phase === 'done';
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-2 text-xs">
        <span className={cn('min-w-0 truncate', isDone ? 'text-green-800' : 'text-slate-700')}>
          {isDone ? (
            <CheckCircle2 aria-hidden className="me-1 inline size-3.5 align-[-2px]" />
          ) : null}
          {isDone
            ? t('upload.done', { name: upload.name })
            : t('upload.progress', { name: upload.name })}
        </span>
        <span className="shrink-0 font-semibold tabular-nums text-slate-800" dir="ltr">
          {formatNumber(upload.progress)}%
        </span>
      </div>
      <div className="flex items-center gap-2">
        <div
          role="progressbar"
          aria-label={t('upload.progressLabel', { name: upload.name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={upload.progress}
          className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className={cn(
              'h-full rounded-full transition-[width] duration-200',
              isDone ? 'bg-green-600' : 'bg-brand-700',
            )}
            // A width computed at run time; the CSP allows style attributes set by script.
            style={{ width: `${upload.progress}%` }}
          />
        </div>
        {isDone ? null : (
          <Button
            variant="ghost"
            size="sm"
            className="h-6 px-1"
            aria-label={t('upload.cancel')}
            title={t('upload.cancel')}
            onClick={onCancel}
          >
            <X aria-hidden className="size-4" />
          </Button>
        )}
      </div>
    </div>
  );
}
