import type { DefaultOptions } from '@tanstack/react-query';

/**
 * Defaults of the app's query client (the tests' client takes the same, without retries).
 * Requests are sent even when the browser says it is offline: a change then fails at once and
 * the form says the person is offline, and a list shows its error with a retry, instead of
 * waiting, paused, on "Saving..." or a loading state for a connection. Lists still load again
 * by themselves when the connection returns.
 */
export const queryDefaults = {
  queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000, networkMode: 'always' },
  mutations: { networkMode: 'always' },
} satisfies DefaultOptions;
