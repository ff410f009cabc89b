export { formatLongDate } from '../../lib/format.ts';

/** A member's name as shown, or their email when they have none yet. */
export const displayName = (person: { first_name: string; last_name: string; email: string }) =>
  `${person.first_name} ${person.last_name}`.trim() || person.email;
