import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { type ShownStatus, STATUS_LOOK } from '../status.ts';

export function StatusBadge({ status }: { status: ShownStatus }) {
  const { t } = useTranslation('documents');
  const { tone, icon: Icon } = STATUS_LOOK[status];
  return (
    <Badge tone={tone}>
      <Icon aria-hidden className="size-3.5" />
      {t(`status.${status}`)}
    </Badge>
  );
}
