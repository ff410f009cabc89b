import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/**
 * A sign-in form's full-width submit button: while the request runs it spins and reads its
 * pending label; disabled while pending (or while `disabled`, e.g. during the redirect after success).
 */
export function SubmitButton({
  isPending,
  disabled = isPending,
  icon,
  label,
  pendingLabel,
}: {
  isPending: boolean;
  disabled?: boolean;
  /** Shown before the label when not pending. */
  icon?: ReactNode;
  label: string;
  pendingLabel: string;
}) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={disabled}>
      {isPending ? <LoaderCircle aria-hidden className="size-5 animate-spin" /> : (icon ?? null)}
      {isPending ? pendingLabel : label}
    </Button>
  );
}
