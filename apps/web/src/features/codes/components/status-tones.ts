import type { TokenStatus } from '@tanqin/shared';
import type { BadgeTone } from '../../../components/ui/badge.tsx';

export const STATUS_TONES: Record<TokenStatus, BadgeTone> = {
  active: 'green',
  used: 'sky',
  expired: 'amber',
  revoked: 'red',
};
