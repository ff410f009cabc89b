/*
 * The SDK's own opener of double-locked data (HPKE), taken from its source so the dashboard and
 * integrators open sealed data with one implementation. It runs here, in the browser: the
 * private key file is read locally and never sent anywhere.
 */
export { openSealedData } from '../../../../../packages/sdk/src/double-lock.ts';
