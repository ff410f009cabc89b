import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { failureReason } from '../../../lib/problem-text.ts';

/** A part of the settings that could not load: what, why, and a retry. */
export function LoadFailed({
  message,
  error,
  onRetry,
  isRetrying,
}: {
  message: string;
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  const { t } = useTranslation('settings');
  return (
    <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
      <span>
        {message} {failureReason(error)}
      </span>
      <Button variant="secondary" size="sm" onClick={onRetry} disabled={isRetrying}>
        <RotateCw aria-hidden className={isRetrying ? 'size-4 animate-spin' : 'size-4'} />
        {t('actions.retry')}
      </Button>
    </Alert>
  );
}
