const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string | undefined) {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * The wall clock of `timeZone` (undefined: the device's) at `instant`, written as if it were UTC,
 * in whole seconds: the difference to the instant is the zone's offset then.
 */
export function wallClockAsUtc(instant: number, timeZone: string | undefined): number {
  const parts: Record<string, number> = {};
  for (const part of formatFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
}
