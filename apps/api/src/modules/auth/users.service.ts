import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Principal } from './sessions.service.ts';

export interface UserRecord {
  id: string;
  kind: Principal['kind'];
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  created_at: Date;
  /** Organisation users need no confirmation; individuals confirm with a code. */
  confirmed: boolean;
  two_factor_enabled: boolean;
  /** The interface language the person chose in their profile. */
  language: 'ar' | 'en';
}

/**
 * The columns of a user that answers may carry (never hashes, secrets or the national id hash).
 * An account whose registration named a taken email sees that email (`claimed_email`, 0122).
 */
export const USER_COLUMNS = `id, kind, coalesce(claimed_email, email) as email, first_name, last_name, phone, created_at, language,
  (kind = 'organization' or confirmed_at is not null) as confirmed,
  (two_factor_enabled_at is not null) as two_factor_enabled`;

export async function getUser(ctx: AppContext, userId: string): Promise<UserRecord> {
  const [user] = await ctx.db.query<UserRecord>(`select ${USER_COLUMNS} from users where id = $1`, [
    userId,
  ]);
  if (!user) throw new AppError('session_expired', 'The session has ended, sign in again');
  return user;
}
