import { useEffect, useRef } from 'react';
import { toast } from '../../../components/ui/toast.tsx';

/** One error toast per failure of a query (a retry that fails again toasts again). */
export function useErrorToast(error: unknown, message: string) {
  const messageRef = useRef(message);
  messageRef.current = message;
  useEffect(() => {
    if (error) toast.error(messageRef.current);
  }, [error]);
}
