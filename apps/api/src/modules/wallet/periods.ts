/**
 * Start of the current day or month in an organisation's time zone (default Asia/Riyadh), as a
 * UTC instant: "calls today" means today where the organisation is.
 */
export function startOfPeriod(now: Date, period: 'day' | 'month', timeZone: string): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const localAsUtc = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  const offsetMs = localAsUtc - Math.floor(now.getTime() / 1000) * 1000;
  const startLocal = Date.UTC(parts.year!, parts.month! - 1, period === 'day' ? parts.day! : 1);
  return new Date(startLocal - offsetMs);
}
