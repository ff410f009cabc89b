/*
 * Every CSV the platform exports is written here. A spreadsheet runs a cell that starts with
 * = + - @ (or tab, CR) as a formula, and one whose list separator is ';' (or tab) splits a cell
 * at that character before deciding: 'a;=1+1' becomes 'a' and a formula. So a `'` goes before a
 * formula character at the start of any part a separator could split off, leading spaces
 * included; the Arabic comma and semicolon count as separators too.
 */
const SEPARATORS = new Set([',', ';', '\t', '\r', '\n', '\u060c', '\u061b']);
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r']);

function defuseFormulas(text: string): string {
  let defused = '';
  let atPartStart = true;
  for (const char of text) {
    if (atPartStart && FORMULA_STARTS.has(char)) defused += "'";
    defused += char;
    atPartStart = SEPARATORS.has(char) || (atPartStart && char === ' ');
  }
  return defused;
}

/** One cell: formulas defused, then RFC 4180 quoting. */
export function csvCell(value: unknown): string {
  const text = defuseFormulas(
    value instanceof Date ? value.toISOString() : value == null ? '' : String(value),
  );
  return /[",;\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A CSV file: header line, rows, CRLF. The byte-order mark lets spreadsheet programs read Arabic
 * names as UTF-8.
 */
export function csvFile(columns: readonly string[], rows: readonly (readonly unknown[])[]) {
  const lines = [columns.join(','), ...rows.map((row) => row.map(csvCell).join(','))];
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
