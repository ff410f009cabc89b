import { Lock } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';

/** Says why a part of the screen is read-only or hidden for the signed-in role. */
export function RoleNotice({ message }: { message: string }) {
  return (
    <Alert tone="info" className="flex items-start gap-2">
      <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </Alert>
  );
}
