import { validationMessages } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { canSealTo } from '../tokens/index.ts';

interface KeyState {
  public_key: string | null;
  updated_at: Date | null;
}

async function writeKey(
  ctx: AppContext,
  organizationId: string,
  publicKey: string | null,
): Promise<KeyState> {
  const [row] = await ctx.db.query<KeyState>(
    `update organizations set encryption_public_key = $2, encryption_key_updated_at = $3
      where id = $1 returning encryption_public_key as public_key, encryption_key_updated_at as updated_at`,
    [organizationId, publicKey, publicKey ? ctx.clock.now() : null],
  );
  // Every process seals the next code with the new key (or none) within a second.
  await ctx.invalidation.publish('organization', organizationId);
  return row ?? { public_key: null, updated_at: null };
}

export async function readEncryptionKey(
  ctx: AppContext,
  organizationId: string,
): Promise<KeyState> {
  const [row] = await ctx.db.query<KeyState>(
    `select encryption_public_key as public_key, encryption_key_updated_at as updated_at
       from organizations where id = $1`,
    [organizationId],
  );
  return row ?? { public_key: null, updated_at: null };
}

/** Registers (or replaces) the key: only codes issued from now on are sealed to it. */
export async function setEncryptionKey(ctx: AppContext, organizationId: string, publicKey: string) {
  if (!(await canSealTo(publicKey))) {
    const message = validationMessages.encryptionKeyInvalid.en;
    throw new AppError('validation_failed', message, {
      errors: [{ path: 'public_key', code: 'encryptionKeyInvalid', message }],
    });
  }
  return writeKey(ctx, organizationId, publicKey);
}

export function removeEncryptionKey(ctx: AppContext, organizationId: string) {
  return writeKey(ctx, organizationId, null);
}
