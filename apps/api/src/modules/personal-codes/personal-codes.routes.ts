import type { AppContext } from '../../app-context.ts';
import type { ContractApp } from '../../lib/contract.ts';
import { individualTokenRoutes } from './individual-tokens.routes.ts';
import { myCodeRoutes } from './my-codes.routes.ts';
import { personGuard } from './personal-code-contract.ts';

/**
 * The person's own codes: where they went, and a way to stop one (once their identity is proven).
 * One file per resource: /me/codes, then the same codes as /individuals/me/tokens.
 */
export async function personalCodeRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  const person = personGuard(ctx);
  myCodeRoutes(app, ctx, person);
  individualTokenRoutes(app, ctx, person);
}
