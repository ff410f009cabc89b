import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { LoadErrorKey } from '../load-error.ts';

/** An Arabic explanation of what failed to load, with a way to ask again. */
export function LoadErrorPanel({
  errorKey,
  onRetry,
  isRetrying = false,
  className,
}: {
  errorKey: LoadErrorKey;
  onRetry: () => void;
  isRetrying?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('orgDashboard');
  const { t: tc } = useTranslation('common');
  return (
    <Alert tone="error" className={className}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p>{t(`errors.${errorKey}`)}</p>
        <Button variant="secondary" size="sm" onClick={onRetry} disabled={isRetrying}>
          <RotateCw aria-hidden className={isRetrying ? 'size-4 animate-spin' : 'size-4'} />
          {tc('retry')}
        </Button>
      </div>
    </Alert>
  );
}
