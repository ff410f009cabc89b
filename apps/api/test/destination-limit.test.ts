import { DESTINATION_MESSAGES_PER_HOUR } from '@tanqin/shared';
import { describe, expect, it } from 'vitest';
import { databaseKinds, request } from './harness.ts';
import {
  freshIp,
  fromIp,
  outbox,
  registrationBody,
  useIndividualsServer,
} from './individuals-helpers.ts';

describe.each(databaseKinds)('one destination is never flooded on %s', (kind) => {
  const suite = useIndividualsServer(kind, '2026-11-27T10:00:00Z');

  it('registrations from many addresses naming one phone send it at most the hourly limit', async () => {
    const victim = `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const answers = [];
    for (let i = 0; i < DESTINATION_MESSAGES_PER_HOUR + 3; i++) {
      answers.push(
        await request(suite.server.baseUrl, 'POST', '/api/v1/auth/register/individual', {
          json: registrationBody({ phoneNumber: victim }),
          headers: fromIp(freshIp()),
        }),
      );
    }
    expect(answers.map((a) => a.status)).toEqual([
      ...Array(DESTINATION_MESSAGES_PER_HOUR).fill(201),
      429,
      429,
      429,
    ]);
    const refused = answers.at(-1)!;
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.body.code).toBe('destination_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(outbox(suite.server).filter((e) => e.to === victim)).toHaveLength(
      DESTINATION_MESSAGES_PER_HOUR,
    );
    // A refused registration leaves no account behind.
    const accounts = await suite.server.db.query('select 1 from users where phone = $1', [victim]);
    expect(accounts).toHaveLength(DESTINATION_MESSAGES_PER_HOUR);
    // The mail channel of a person with that phone is not blocked.
    const byMail = await request(suite.server.baseUrl, 'POST', '/api/v1/auth/register/individual', {
      json: registrationBody({ phoneNumber: victim, method: 'email' }),
      headers: fromIp(freshIp()),
    });
    expect(byMail.status).toBe(201);
  });
});
