import type { DefaultOptions } from '@tanstack/react-query';

/**
 * Defaults of the app's query client (the tests' client takes the same, without retries).
 * A change is sent even when the browser says it is offline: it then fails at once and the form
 * says the person is offline, instead of waiting, paused, on "Saving..." for a connection.
 */
export const queryDefaults = {
  queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 },
  mutations: { networkMode: 'always' },
} satisfies DefaultOptions;
