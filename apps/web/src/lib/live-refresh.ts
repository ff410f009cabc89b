/**
 * Query options for figures that move while someone watches them (statistics, charts, counters):
 * read again every 30 seconds while the page is visible (TanStack pauses the interval in a
 * hidden tab) and at once when the reader comes back to it.
 */
export const liveRefresh = {
  refetchInterval: 30_000,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: true,
} as const;
