/** RFC 4180 quoting; cells that a spreadsheet would run as a formula are defused with a `'`. */
export function csvCell(value: unknown): string {
  let text = value instanceof Date ? value.toISOString() : value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A CSV file: header line, rows, CRLF. The byte-order mark lets spreadsheet programs read Arabic
 * names as UTF-8.
 */
export function csvFile(columns: readonly string[], rows: readonly (readonly unknown[])[]) {
  const lines = [columns.join(','), ...rows.map((row) => row.map(csvCell).join(','))];
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
