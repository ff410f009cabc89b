/** Where the web app keeps its access tokens (ARCHITECTURE.md section 6): nowhere else. */
export const TOKEN_STORAGE_KEYS = { org: 'org_token', individual: 'auth_token' } as const;
export type Side = keyof typeof TOKEN_STORAGE_KEYS;

export const getToken = (side: Side) => localStorage.getItem(TOKEN_STORAGE_KEYS[side]);
export const setToken = (side: Side, token: string) =>
  localStorage.setItem(TOKEN_STORAGE_KEYS[side], token);
export const clearToken = (side: Side) => localStorage.removeItem(TOKEN_STORAGE_KEYS[side]);
export const hasOrgToken = () => Boolean(getToken('org'));
export const hasIndividualToken = () => Boolean(getToken('individual'));

// The sign-in page says why it is shown when a session ended (once, in this tab only).
const SESSION_ENDED_KEY = 'session_ended';
export const noteSessionEnded = () => sessionStorage.setItem(SESSION_ENDED_KEY, '1');
/** Whether a session just ended here; reading it forgets it. */
export function takeSessionEnded() {
  const ended = sessionStorage.getItem(SESSION_ENDED_KEY) === '1';
  sessionStorage.removeItem(SESSION_ENDED_KEY);
  return ended;
}
