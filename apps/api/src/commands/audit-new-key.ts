// `npm run audit:new-key -- [name]`: prints a new Ed25519 key for AUDIT_SIGNING_KEY and the
// verifier string it will be published under. The name defaults to the log's origin at
// PUBLIC_URL (e.g. tanqin.sa/audit). Nothing is stored: put the key in the server's environment.

import { auditLogOrigin } from '../config.ts';
import { generateNoteSigner, parseNoteSigner } from '../lib/note-signer.ts';

const name = process.argv[2] ?? auditLogOrigin(process.env.PUBLIC_URL ?? 'http://localhost:3000');
try {
  const key = generateNoteSigner(name);
  console.log(`AUDIT_SIGNING_KEY=${key}`);
  console.log(
    `# verifier (published at /.well-known/tanqin-audit-keys): ${parseNoteSigner(key).verifier}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
