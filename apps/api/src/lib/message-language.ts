import type { MessageLanguage } from '@tanqin/shared';
import type { Queryable } from '../db/database.ts';

/*
 * Every message to a person is in their language (issue 32.1): an individual's is the one they
 * registered in, then their profile's (both are `users.language`: registration writes it, the
 * profile and the header's switch change it). An organisation's staff never chose one, so their
 * messages stay in both languages, Arabic first (`null`).
 */

/** `users.language` where it is the person's choice, else null: for a select on `users`. */
export const MESSAGE_LANGUAGE_SQL = "case when kind = 'individual' then language end";

/** The language of the messages to the account `userId` (null: both). */
export async function messageLanguageOf(db: Queryable, userId: string): Promise<MessageLanguage> {
  const [row] = await db.query<{ language: MessageLanguage }>(
    `select ${MESSAGE_LANGUAGE_SQL} as language from users where id = $1`,
    [userId],
  );
  return row?.language ?? null;
}

/** The language of the messages to the account whose sign-in is `email` (null: none, or both). */
export async function messageLanguageOfEmail(
  db: Queryable,
  email: string,
): Promise<MessageLanguage> {
  const [row] = await db.query<{ language: MessageLanguage }>(
    `select ${MESSAGE_LANGUAGE_SQL} as language from users where lower(email) = $1 limit 1`,
    [email.toLowerCase()],
  );
  return row?.language ?? null;
}
