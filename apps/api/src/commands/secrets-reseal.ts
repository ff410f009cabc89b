// `npm run secrets:reseal`: after TOKEN_PEPPER was rotated (the old one moved to
// TOKEN_PEPPER_PREVIOUS), re-seals every value sealed under a previous pepper with the current one
// (docs/operations/secrets.md). Goes through the running server when one answers (see
// operator-action.ts), else works on the database itself. Same environment as the server. Prints
// how many values moved per kind; exit code 0 when done, 1 when refused or failed.

import { resealSecrets } from '../modules/operator/secrets-reseal.ts';
import { runOperatorAction } from './operator-action.ts';

try {
  const outcome = await runOperatorAction({
    method: 'POST',
    path: '/api/v1/operator/secrets/reseal',
    locally: (ctx) => resealSecrets(ctx),
  });
  (outcome.ok ? console.log : console.error)(JSON.stringify(outcome.body, null, 2));
  process.exitCode = outcome.ok ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
