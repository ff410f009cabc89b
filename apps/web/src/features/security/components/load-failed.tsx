import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';

/** What failed to load, in Arabic, with a way to ask again. */
export function LoadFailed({
  message,
  onRetry,
  isRetrying = false,
}: {
  message: string;
  onRetry: () => void;
  isRetrying?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <Alert tone="error">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p>{message}</p>
        <Button variant="secondary" size="sm" onClick={onRetry} disabled={isRetrying}>
          <RotateCw aria-hidden className={isRetrying ? 'size-4 animate-spin' : 'size-4'} />
          {t('retry')}
        </Button>
      </div>
    </Alert>
  );
}
