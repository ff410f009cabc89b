import type { ListenHandlers } from '../../db/database.ts';

/** How notifications travel between processes (PostgreSQL NOTIFY, or Redis pub/sub). */
export interface InvalidationTransport {
  send(payload: string): Promise<void>;
  listen(handlers: ListenHandlers): Promise<{ close(): Promise<void> }>;
  close?(): Promise<void>;
}
