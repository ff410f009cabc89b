import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { buildEventsQuery, type EventFilters } from './get-security-events.ts';

/** `security-events-YYYY-MM-DD.csv`, dated with the user's own calendar day. */
export function exportFileName(now = new Date()) {
  const pad = (value: number) => String(value).padStart(2, '0');
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `security-events-${date}.csv`;
}

function saveFile(text: string, fileName: string) {
  // Reading the answer as text drops its byte-order mark; spreadsheets need it for Arabic.
  const withBom = text.startsWith('\ufeff') ? text : `\ufeff${text}`;
  const url = URL.createObjectURL(new Blob([withBom], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** GET /api/v1/security/events/export?format=csv with the current filters, saved as a file. */
export async function exportSecurityEvents(filters: EventFilters) {
  const csv = await apiRequest<string>(
    `/api/v1/security/events/export?format=csv&${buildEventsQuery(filters)}`,
  );
  saveFile(csv, exportFileName());
}

export const useExportSecurityEvents = () => useMutation({ mutationFn: exportSecurityEvents });
