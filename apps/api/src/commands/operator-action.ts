import type { AppContext } from '../app-context.ts';
import { type Config, loadConfigOrExit } from '../config.ts';
import { DataFolderBusyError } from '../db/data-folder-lock.ts';
import { openDatabase } from '../db/open.ts';
import { AppError } from '../lib/app-error.ts';
import { commandContext } from './command-context.ts';

const SERVER_TIMEOUT_MS = 15_000;

export interface OperatorAction<T> {
  method: 'GET' | 'POST';
  /** The operator route, e.g. /api/v1/operator/documents/<id>/review. */
  path: string;
  body?: unknown;
  /** The same action on the database itself, for when no server runs. */
  locally(ctx: AppContext): Promise<T>;
}

/** What an action answered: its body (or problem) and whether it succeeded. */
export interface OperatorOutcome {
  ok: boolean;
  body: unknown;
  via: 'server' | 'database';
}

/** Asks the running server; undefined when nothing listens at its address. */
async function askServer(config: Config, action: OperatorAction<unknown>) {
  const url = new URL(action.path, config.publicUrl);
  let response: Response;
  try {
    response = await fetch(url, {
      method: action.method,
      headers: {
        authorization: `Bearer ${config.operatorToken ?? ''}`,
        ...(action.body !== undefined && { 'content-type': 'application/json' }),
      },
      body: action.body === undefined ? undefined : JSON.stringify(action.body),
      signal: AbortSignal.timeout(SERVER_TIMEOUT_MS),
    });
  } catch {
    return undefined;
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not ours, or not JSON: shown as it came.
  }
  return { ok: response.ok, body, via: 'server' as const };
}

/**
 * Runs an operator action through the running server when one answers at PUBLIC_URL (default
 * http://localhost:PORT) with the operator token, so the server sees the change at once; when
 * none answers, on the database itself. An embedded data folder is only ever opened by one
 * process: if a server holds it without answering at that address, nothing is done.
 */
export async function runOperatorAction<T>(action: OperatorAction<T>): Promise<OperatorOutcome> {
  const config = loadConfigOrExit();
  const answered = await askServer(config, action);
  if (answered) return answered;
  let db: Awaited<ReturnType<typeof openDatabase>>;
  try {
    db = await openDatabase(config);
  } catch (error) {
    if (!(error instanceof DataFolderBusyError)) throw error;
    throw new Error(
      `A Tanqin server (process ${error.holder.pid}) holds ${config.dataDir} but does not answer ` +
        `at ${config.publicUrl}: set PUBLIC_URL (or PORT) to its address and run this again.`,
    );
  }
  const ctx = commandContext(config, db);
  try {
    return { ok: true, body: await action.locally(ctx), via: 'database' };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ok: false, body: { code: error.code, detail: error.message }, via: 'database' };
  } finally {
    await ctx.invalidation.close();
    await db.close();
  }
}
