/** The IP and country rules tab, which the settings screen shows too. */
export { NetworkTab } from './network/network-tab.tsx';
