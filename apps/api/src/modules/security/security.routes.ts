import type { AppContext } from '../../app-context.ts';
import type { ContractApp } from '../../lib/contract.ts';
import { networkRuleRoutes } from './network-rules.routes.ts';
import { securityAccess } from './security-access.ts';
import { securityEventRoutes } from './security-events.routes.ts';
import { trustedIpRoutes } from './trusted-ips.routes.ts';

/**
 * The security center (spec section 7 "Security"), one file per resource: every query is the
 * caller's organisation's.
 */
export async function securityRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  const access = securityAccess(ctx);
  trustedIpRoutes(app, ctx, access);
  networkRuleRoutes(app, ctx, access);
  securityEventRoutes(app, ctx, access);
}
