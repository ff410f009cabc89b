import { request, type TestServer } from './harness.ts';
import { proveIdentity } from './identity-helpers.ts';
import { fromIp, nationalId, registerConfirmed } from './individuals-helpers.ts';

/**
 * An individual as a new user becomes one: registers with `nationalId`, confirms with the code
 * from the local outbox, signs in through the real login and proves the national id at the
 * development identity provider (unless `prove` is false).
 */
export async function createIndividual(
  server: TestServer,
  id = nationalId(),
  { prove = true }: { prove?: boolean } = {},
) {
  const person = await registerConfirmed(server, { nationalId: id });
  const { email, password } = person.body as { email: string; password: string };
  const login = await request(server.baseUrl, 'POST', '/api/v1/auth/login', {
    json: { email, password },
    headers: fromIp(person.ip),
  });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  if (prove) {
    const proof = await proveIdentity(server, login.body.token, id);
    if (proof.status !== 200) throw new Error(`proof failed: ${JSON.stringify(proof.body)}`);
  }
  return {
    id: person.res.body.user.id as string,
    email,
    password,
    nationalId: id,
    token: login.body.token as string,
  };
}
