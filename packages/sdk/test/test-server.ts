/**
 * Test support only (not exported by the package): the real API server, booted by the API's own
 * test harness on an ephemeral port over an embedded PGlite database, with a manual clock so
 * rate-limit windows and token lifetimes move without sleeping.
 */
import { ManualClock } from '../../../apps/api/src/lib/clock.ts';
import {
  createIntegrator,
  startTestServer,
  type TestServer,
} from '../../../apps/api/test/harness.ts';
import { Tanqin, type TanqinOptions } from '../src/client.ts';

export interface SdkTestServer {
  server: TestServer;
  clock: ManualClock;
  /** An organisation with one API key (dashboard-created), as an integrator has it. */
  integrator(keyBody?: Record<string, unknown>): Promise<Integrator>;
}

export interface Integrator {
  clientId: string;
  organizationId: string;
  name: string;
  apiKey: string;
  apiSecret: string;
  /** The signed-in owner's dashboard access token, for /api/v1 calls. */
  accessToken: string;
  /** An SDK client for this integrator against the test server. */
  client(options?: Partial<TanqinOptions>): Tanqin;
}

export async function startSdkTestServer(): Promise<SdkTestServer> {
  const clock = new ManualClock(new Date('2026-11-22T10:00:00Z'));
  const server = await startTestServer('pglite', { clock });
  return {
    server,
    clock,
    async integrator(keyBody = {}) {
      const { organization, key, token } = await createIntegrator(server.baseUrl, keyBody);
      const integrator: Integrator = {
        clientId: organization.client_id,
        organizationId: organization.id,
        name: organization.name,
        apiKey: key.api_key,
        apiSecret: key.api_secret,
        accessToken: token,
        client: (options = {}) =>
          new Tanqin({
            clientId: integrator.clientId,
            apiKey: integrator.apiKey,
            apiSecret: integrator.apiSecret,
            baseUrl: server.baseUrl,
            // Tests never wait on a real timer: a retry that would sleep fails loudly instead.
            sleep: async (ms) => {
              throw new Error(`unexpected retry wait of ${ms} ms`);
            },
            ...options,
          }),
      };
      return integrator;
    },
  };
}
