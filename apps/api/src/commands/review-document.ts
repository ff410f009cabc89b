// `tsx apps/api/src/commands/review-document.ts <document id> verified|rejected [notes]`:
// a reviewer's decision on an individual's document (there is no reviewer screen yet). Uses the
// same configuration as the server (DATA_DIR, DATABASE_URL, TOKEN_PEPPER). Exit code 0 when
// recorded, 1 when the document does not exist or the arguments are wrong.

import { documentReviewSchema } from '@tanqin/shared';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { reviewDocument } from '../modules/documents/documents.service.ts';
import { commandContext } from './command-context.ts';

const [id, status, ...notes] = process.argv.slice(2);
const parsed = documentReviewSchema.safeParse({ status, notes: notes.join(' ') || undefined });
if (!id || !parsed.success) {
  console.error('usage: review-document <document id> verified|rejected [notes]');
  process.exit(1);
}

const config = loadConfig();
const db = await openDatabase(config);
const ctx = commandContext(config, db);
try {
  const { document } = await reviewDocument(ctx, id, parsed.data.status, parsed.data.notes);
  console.log(JSON.stringify({ id: document.id, status: document.status, notes: document.notes }));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await ctx.invalidation.close();
  await db.close();
}
