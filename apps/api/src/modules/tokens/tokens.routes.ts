import type { AppContext } from '../../app-context.ts';
import type { ContractApp } from '../../lib/contract.ts';
import { tokenExchangeRoutes } from './token-exchange.routes.ts';
import { tokenRecordRoutes } from './token-record.routes.ts';
import { verificationRequestRoutes } from './verification-requests.routes.ts';

/**
 * The public token API (/v1/tokens), one file per resource: each route passes the pipeline, then
 * one service call.
 */
export async function tokenRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  tokenExchangeRoutes(app, ctx);
  tokenRecordRoutes(app, ctx);
  verificationRequestRoutes(app, ctx);
}
