import { type AppContext, deriveAppKeys } from '../app-context.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { systemClock } from '../lib/clock.ts';
import { invalidationBusFor } from '../lib/invalidation/invalidation-bus.ts';
import { JobRunner } from '../lib/jobs.ts';
import { MemoryRateLimitStore } from '../lib/rate-limit/memory-store.ts';
import { RequestLogWriter } from '../modules/request-log/request-log.writer.ts';

const log = { error: (details: object, message: string) => console.error(message, details) };

/** The context of a command working on the database itself: no jobs run, changes are published. */
export function commandContext(config: Config, db: Database): AppContext {
  return {
    config,
    db,
    clock: systemClock,
    rateLimits: new MemoryRateLimitStore(),
    // PostgreSQL NOTIFY reaches every process, with or without Redis.
    invalidation: invalidationBusFor(undefined, db, log),
    jobs: new JobRunner(db, log),
    requestLog: new RequestLogWriter(db, log),
    keys: deriveAppKeys(config),
  };
}
