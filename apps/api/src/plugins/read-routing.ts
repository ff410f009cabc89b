import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { parseWalPosition } from '../db/replica.ts';

/**
 * The primary's WAL position after the caller's last change. Reads of a browser that carries it
 * go to the standby only once the standby has replayed that far (read your own writes, on any
 * process). It names a position, not a secret: a forged one only sends reads to the primary.
 */
const READ_AFTER_COOKIE = 'tq_read_after';
/** Past this the standby has either caught up or is too far behind to be used at all. */
const READ_AFTER_SECONDS = 30;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** With a replica: every successful console change leaves the position its reads must wait for. */
export function registerReadYourWrites(app: FastifyInstance, ctx: AppContext) {
  const reads = ctx.reads;
  if (!reads) return;
  const secure = ctx.config.publicUrl.startsWith('https://');
  app.addHook('onSend', async (request, reply, payload) => {
    if (!WRITES.has(request.method) || reply.statusCode >= 400) return payload;
    if (!request.url.startsWith('/api/v1/')) return payload;
    const position = await reads.primaryPosition().catch(() => undefined);
    if (!position) return payload;
    const cookie = app.serializeCookie(READ_AFTER_COOKIE, position, {
      path: '/api/v1',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: READ_AFTER_SECONDS,
    });
    const existing = reply.getHeader('set-cookie');
    const cookies =
      existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
    reply.header('set-cookie', [...cookies, cookie]);
    return payload;
  });
}

/**
 * The context a console read that aggregates or pages runs with: its queries go to the standby
 * when one is configured and may serve this caller, else to the primary (ctx itself).
 */
export function readingContext(ctx: AppContext, request: FastifyRequest): AppContext {
  if (!ctx.reads) return ctx;
  const after = parseWalPosition(request.cookies[READ_AFTER_COOKIE]);
  return { ...ctx, db: ctx.reads.readHandle(after) };
}
