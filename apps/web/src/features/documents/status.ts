import { DOCUMENT_STATUSES, type DocumentStatus } from '@tanqin/shared';
import { CheckCircle2, CircleHelp, Clock, type LucideIcon, XCircle } from 'lucide-react';
import type { BadgeTone } from '../../components/ui/badge.tsx';

/** A reviewer's status, or "unknown" for anything else the API may send (spec section 4). */
export type ShownStatus = DocumentStatus | 'unknown';

export const shownStatus = (status: string): ShownStatus =>
  (DOCUMENT_STATUSES as readonly string[]).includes(status)
    ? (status as DocumentStatus)
    : 'unknown';

export const STATUS_LOOK: Record<ShownStatus, { tone: BadgeTone; icon: LucideIcon }> = {
  verified: { tone: 'green', icon: CheckCircle2 },
  pending: { tone: 'amber', icon: Clock },
  rejected: { tone: 'red', icon: XCircle },
  // Neutral: neither good nor bad news until the platform knows what it means.
  unknown: { tone: 'slate', icon: CircleHelp },
};
