/** Saves text as a file download of the given media type. */
export function saveTextFile(text: string, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves text as a CSV file download (the byte-order mark kept: spreadsheets need it for Arabic). */
export function saveCsvFile(text: string, fileName: string) {
  // Reading the answer as text drops its byte-order mark.
  const withBom = text.startsWith('\ufeff') ? text : `\ufeff${text}`;
  saveTextFile(withBom, fileName, 'text/csv;charset=utf-8');
}

/** `<prefix>-YYYY-MM-DD.csv`, dated with the user's own calendar day. */
export function datedCsvName(prefix: string, now = new Date()) {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${prefix}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
