import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import { deriveKey } from './lib/crypto.ts';
import type { RateLimitStore } from './lib/rate-limit/rate-limit-store.ts';

/** Everything a service needs from the outside world, passed explicitly (tests swap parts). */
export interface AppContext {
  config: Config;
  db: Database;
  clock: Clock;
  rateLimits: RateLimitStore;
  keys: {
    jwt: Uint8Array;
    /** HMAC key for lookups of secrets (codes, API secrets, refresh tokens, national ids). */
    pepper: Buffer;
    /** AES key for the organisations' client secrets. */
    clientSecret: Buffer;
  };
}

export function deriveAppKeys(config: Config): AppContext['keys'] {
  return {
    jwt: new TextEncoder().encode(config.jwtSecret),
    pepper: deriveKey(config.tokenPepper, 'tanqin/lookup-hmac'),
    clientSecret: deriveKey(config.tokenPepper, 'tanqin/client-secret-encryption'),
  };
}
