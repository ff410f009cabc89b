// `npm run review-document -- <document id> verified|rejected [notes]`:
// a reviewer's decision on an individual's document (there is no reviewer screen yet). Goes
// through the running server (PUBLIC_URL or http://localhost:PORT, with OPERATOR_TOKEN) so it
// sees the change at once; opens the database itself only when no server answers. Same
// environment as the server. Exit code 0 when recorded, 1 when the document does not exist,
// the arguments are wrong or the server refused.

import { documentReviewSchema } from '@tanqin/shared';
import { reviewDocument } from '../modules/documents/documents.service.ts';
import { runOperatorAction } from './operator-action.ts';

const [id, status, ...notes] = process.argv.slice(2);
const parsed = documentReviewSchema.safeParse({ status, notes: notes.join(' ') || undefined });
if (!id || !parsed.success) {
  console.error('usage: review-document <document id> verified|rejected [notes]');
  process.exit(1);
}

try {
  const outcome = await runOperatorAction({
    method: 'POST',
    path: `/api/v1/operator/documents/${encodeURIComponent(id)}/review`,
    body: parsed.data,
    locally: async (ctx) => {
      const { document } = await reviewDocument(ctx, id, parsed.data.status, parsed.data.notes);
      return { id: document.id, status: document.status, notes: document.notes };
    },
  });
  (outcome.ok ? console.log : console.error)(JSON.stringify(outcome.body));
  process.exitCode = outcome.ok ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
