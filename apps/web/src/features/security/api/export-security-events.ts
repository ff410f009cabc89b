import type { KeyMode } from '@tanqin/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { datedCsvName, saveCsvFile } from '../../../lib/save-file.ts';
import { buildEventsQuery, type EventFilters } from './get-security-events.ts';

/** `security-events-YYYY-MM-DD.csv`, dated with the user's own calendar day. */
export const exportFileName = (now = new Date()) => datedCsvName('security-events', now);

/**
 * GET /api/v1/security/events/export?format=csv with the console's mode and the current filters,
 * saved as a file.
 */
export async function exportSecurityEvents({
  mode,
  filters,
}: {
  mode: KeyMode;
  filters: EventFilters;
}) {
  const csv = await apiRequest<string>(
    `/api/v1/security/events/export?format=csv&${buildEventsQuery(mode, filters)}`,
  );
  saveCsvFile(csv, exportFileName());
}

export const useExportSecurityEvents = () => useMutation({ mutationFn: exportSecurityEvents });
