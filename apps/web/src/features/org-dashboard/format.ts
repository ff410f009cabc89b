// The dashboard item formats dates and counters like every dashboard screen (lib/format.ts).
export { formatCount, formatLongDate as formatJoinedDate } from '../../lib/format.ts';
