import type { ContactMessageAccepted, ContactMessageInput } from '@tanqin/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';

/** POST /api/v1/contact: stored and mailed to the operator; 5 per hour per address. */
export const sendContactMessage = (body: ContactMessageInput) =>
  apiRequest<ContactMessageAccepted>('/api/v1/contact', { method: 'POST', body });

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
