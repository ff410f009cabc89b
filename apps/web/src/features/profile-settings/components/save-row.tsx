import { CheckCircle2, LoaderCircle, Save } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';

/** A section's save button with its saved / failed state. */
export function SaveRow({
  isPending,
  isSaved,
  error,
}: {
  isPending: boolean;
  isSaved: boolean;
  error?: string;
}) {
  const { t } = useTranslation('profile');
  return (
    <div className="space-y-3 pt-1">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isPending}>
          {isPending ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : (
            <Save aria-hidden className="size-4" />
          )}
          {isPending ? t('saving') : t('save')}
        </Button>
        {isSaved ? (
          <p role="status" className="flex items-center gap-1.5 text-sm font-medium text-green-700">
            <CheckCircle2 aria-hidden className="size-4" />
            {t('saved')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
